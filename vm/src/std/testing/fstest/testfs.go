package fstest

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"slices"
	"strings"
	"testing/iotest"
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
	c.checkOpen(".")
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
		c.checkOpen(p)
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
	if err := f.Close(); err != nil {
		c.errorf("%s: Close: %w", file, err)
	}
	f.Close() // a second Close must not crash
	if fsys, ok := c.fsys.(fs.ReadFileFS); ok {
		data2, err := fsys.ReadFile(file)
		if err != nil {
			c.errorf("%s: fsys.ReadFile: %w", file, err)
			return
		}
		c.sameData(file, "ReadAll vs fsys.ReadFile", data, data2)
		// The caller owns the slice: changing it changes no later read.
		for i := range data2 {
			data2[i]++
		}
		data2, err = fsys.ReadFile(file)
		if err != nil {
			c.errorf("%s: second call to fsys.ReadFile: %w", file, err)
			return
		}
		c.sameData(file, "Readall vs second fsys.ReadFile", data, data2)
		c.checkBadPath(file, "ReadFile", func(name string) error {
			_, err := fsys.ReadFile(name)
			return err
		})
	}
	data3, err := fs.ReadFile(c.fsys, file)
	if err != nil {
		c.errorf("%s: fs.ReadFile: %w", file, err)
		return
	}
	c.sameData(file, "ReadAll vs fs.ReadFile", data, data3)
	f, err = c.fsys.Open(file)
	if err != nil {
		c.errorf("%s: second Open: %w", file, err)
		return
	}
	defer f.Close()
	if err := iotest.TestReader(f, data); err != nil {
		c.errorf("%s: failed TestReader:\n\t%s", file, strings.ReplaceAll(err.Error(), "\n", "\n\t"))
	}
}

func (c *fsChecker) sameData(file, desc string, a, b []byte) {
	if !bytes.Equal(a, b) {
		c.errorf("%s: %s: different data returned\n\t%q\n\t%q", file, desc, a, b)
	}
}

// checkOpen checks that invalid spellings of file's name do not open.
func (c *fsChecker) checkOpen(file string) {
	c.checkBadPath(file, "Open", func(name string) error {
		f, err := c.fsys.Open(name)
		if err == nil {
			f.Close()
		}
		return err
	})
}

func (c *fsChecker) checkBadPath(file, desc string, open func(string) error) {
	bad := []string{"/" + file, file + "/."}
	if file == "." {
		bad = append(bad, "/")
	}
	if i := strings.Index(file, "/"); i >= 0 {
		bad = append(bad, file[:i]+"//"+file[i+1:], file[:i]+"/./"+file[i+1:], file[:i]+`\`+file[i+1:], file[:i]+"/../"+file)
	}
	if i := strings.LastIndex(file, "/"); i >= 0 {
		bad = append(bad, file[:i]+"//"+file[i+1:], file[:i]+"/./"+file[i+1:], file[:i]+`\`+file[i+1:], file+"/../"+file[i+1:])
	}
	for _, b := range bad {
		if open(b) == nil {
			c.errorf("%s: %s(%s) succeeded, want error", file, desc, b)
		}
	}
}
