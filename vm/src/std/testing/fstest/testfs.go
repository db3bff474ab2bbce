package fstest

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"slices"
	"strings"
)

// TestFS checks that fsys behaves as an fs.FS should and holds at least
// the files and directories named in expected (an empty list means that
// fsys must be empty). When an expected name has a directory, the check
// is repeated on the fs.Sub of its first directory.
func TestFS(fsys fs.FS, expected ...string) error {
	if err := checkFS(fsys, expected); err != nil {
		return err
	}
	for _, name := range expected {
		i := strings.IndexByte(name, '/')
		if i < 0 {
			continue
		}
		dir := name[:i]
		var sub []string
		for _, n := range expected {
			if strings.HasPrefix(n, dir+"/") {
				sub = append(sub, n[i+1:])
			}
		}
		var s fs.FS
		var err error
		if sfs, ok := fsys.(interface {
			Sub(dir string) (fs.FS, error)
		}); ok {
			s, err = sfs.Sub(dir)
		} else {
			s, err = fstestSub(fsys, dir)
		}
		if err != nil {
			return err
		}
		if err := checkFS(s, sub); err != nil {
			return fmt.Errorf("testing fs.Sub(fsys, %s): %w", dir, err)
		}
		break
	}
	return nil
}

type fsChecker struct {
	fsys  fs.FS
	errs  []error
	found map[string]bool
}

func (c *fsChecker) errorf(format string, args ...any) {
	c.errs = append(c.errs, fmt.Errorf(format, args...))
}

func checkFS(fsys fs.FS, expected []string) error {
	c := &fsChecker{fsys: fsys, found: map[string]bool{}}
	c.checkDir(".")
	delete(c.found, ".")
	if len(expected) == 0 && len(c.found) > 0 {
		var list []string
		for n := range c.found {
			list = append(list, n)
		}
		slices.Sort(list)
		if len(list) > 15 {
			list = append(list[:10], "...")
		}
		c.errorf("expected empty file system but found files:\n%s", strings.Join(list, "\n"))
	}
	for _, name := range expected {
		if !c.found[name] {
			c.errorf("expected but not found: %s", name)
		}
	}
	if len(c.errs) == 0 {
		return nil
	}
	return fmt.Errorf("TestFS found errors:\n%w", errors.Join(c.errs...))
}

func (c *fsChecker) checkDir(dir string) {
	c.found[dir] = true
	f, err := c.fsys.Open(dir)
	if err != nil {
		c.errorf("%s: Open: %w", dir, err)
		return
	}
	d, ok := f.(fs.ReadDirFile)
	if !ok {
		f.Close()
		c.errorf("%s: Open returned File type %T, not a fs.ReadDirFile", dir, f)
		return
	}
	list, err := d.ReadDir(-1)
	if err != nil {
		d.Close()
		c.errorf("%s: ReadDir(-1): %w", dir, err)
		return
	}
	prefix := dir + "/"
	if dir == "." {
		prefix = ""
	}
	for _, e := range list {
		name := e.Name()
		switch {
		case name == "." || name == ".." || name == "":
			c.errorf("%s: ReadDir: child has invalid name: %#q", dir, name)
			continue
		case strings.Contains(name, "/"):
			c.errorf("%s: ReadDir: child name contains slash: %#q", dir, name)
			continue
		case strings.Contains(name, `\`):
			c.errorf("%s: ReadDir: child name contains backslash: %#q", dir, name)
			continue
		}
		p := prefix + name
		if f, err := c.fsys.Open(p); err != nil {
			c.errorf("%s: Open: %w", p, err)
		} else {
			f.Close()
		}
		if e.Type()&fs.ModeSymlink != 0 {
			c.found[p] = true
			continue
		}
		if e.IsDir() {
			c.checkDir(p)
		} else {
			c.checkFile(p)
		}
	}
	if list2, err := d.ReadDir(-1); len(list2) > 0 || err != nil {
		c.errorf("%s: ReadDir(-1) at EOF = %d entries, %w, wanted 0 entries, nil", dir, len(list2), err)
	}
	if list2, err := d.ReadDir(1); len(list2) > 0 || err != io.EOF {
		c.errorf("%s: ReadDir(1) at EOF = %d entries, %w, wanted 0 entries, EOF", dir, len(list2), err)
	}
	if err := d.Close(); err != nil {
		c.errorf("%s: Close: %w", dir, err)
	}
	list2, err := fs.ReadDir(c.fsys, dir)
	if err != nil {
		c.errorf("%s: fs.ReadDir: %w", dir, err)
		return
	}
	for i := 0; i+1 < len(list2); i++ {
		if list2[i].Name() >= list2[i+1].Name() {
			c.errorf("%s: fs.ReadDir: list not sorted: %s before %s", dir, list2[i].Name(), list2[i+1].Name())
		}
	}
	if len(list2) != len(list) {
		c.errorf("%s: fs.ReadDir: %d entries, Open+ReadDir(-1): %d entries", dir, len(list2), len(list))
	}
}

func (c *fsChecker) checkFile(file string) {
	c.found[file] = true
	f, err := c.fsys.Open(file)
	if err != nil {
		c.errorf("%s: Open: %w", file, err)
		return
	}
	data, err := io.ReadAll(f)
	if err != nil {
		f.Close()
		c.errorf("%s: Open+ReadAll: %w", file, err)
		return
	}
	info, err := f.Stat()
	if err != nil {
		c.errorf("%s: Stat: %w", file, err)
	} else if info.Size() != int64(len(data)) && info.Mode().IsRegular() {
		c.errorf("%s: Stat: Size %d, but read %d bytes", file, info.Size(), len(data))
	}
	if err := f.Close(); err != nil {
		c.errorf("%s: Close: %w", file, err)
	}
	if fsys, ok := c.fsys.(fs.ReadFileFS); ok {
		data2, err := fsys.ReadFile(file)
		if err != nil {
			c.errorf("%s: fsys.ReadFile: %w", file, err)
		} else if !bytes.Equal(data, data2) {
			c.errorf("%s: fsys.ReadFile: different data returned\n%q\n%q", file, data2, data)
		}
	}
	data3, err := fs.ReadFile(c.fsys, file)
	if err != nil {
		c.errorf("%s: fs.ReadFile: %w", file, err)
	} else if !bytes.Equal(data, data3) {
		c.errorf("%s: fs.ReadFile: different data returned\n%q\n%q", file, data3, data)
	}
}
