package fstest

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
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

func (c *fsChecker) openDir(dir string) fs.ReadDirFile {
	f, err := c.fsys.Open(dir)
	if err != nil {
		c.errorf("%s: Open: %w", dir, err)
		return nil
	}
	d, ok := f.(fs.ReadDirFile)
	if !ok {
		f.Close()
		c.errorf("%s: Open returned File type %T, not a fs.ReadDirFile", dir, f)
		return nil
	}
	return d
}

func (c *fsChecker) checkDir(dir string) {
	c.found[dir] = true
	d := c.openDir(dir)
	if d == nil {
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
		c.checkStat(p, e)
		c.checkOpen(p)
		switch e.Type() {
		case fs.ModeDir:
			c.checkDir(p)
		case fs.ModeSymlink:
			c.found[p] = true // not followed, as in Go
		default:
			c.checkFile(p)
		}
	}
	if list2, err := d.ReadDir(-1); len(list2) > 0 || err != nil {
		d.Close()
		c.errorf("%s: ReadDir(-1) at EOF = %d entries, %w, wanted 0 entries, nil", dir, len(list2), err)
		return
	}
	if list2, err := d.ReadDir(1); len(list2) > 0 || err != io.EOF {
		d.Close()
		c.errorf("%s: ReadDir(1) at EOF = %d entries, %w, wanted 0 entries, EOF", dir, len(list2), err)
		return
	}
	if err := d.Close(); err != nil {
		c.errorf("%s: Close: %w", dir, err)
	}
	d.Close()

	if d = c.openDir(dir); d == nil {
		return
	}
	defer d.Close()
	list2, err := d.ReadDir(-1)
	if err != nil {
		c.errorf("%s: second Open+ReadDir(-1): %w", dir, err)
		return
	}
	c.sameList(dir, "first Open+ReadDir(-1) vs second Open+ReadDir(-1)", list, list2)

	if d = c.openDir(dir); d == nil {
		return
	}
	defer d.Close()
	list2 = nil
	for {
		n := 1
		if len(list2) > 0 {
			n = 2
		}
		frag, err := d.ReadDir(n)
		if len(frag) > n {
			c.errorf("%s: third Open: ReadDir(%d) after %d: %d entries (too many)", dir, n, len(list2), len(frag))
			return
		}
		list2 = append(list2, frag...)
		if err == io.EOF {
			break
		}
		if err != nil {
			c.errorf("%s: third Open: ReadDir(%d) after %d: %w", dir, n, len(list2), err)
			return
		}
	}
	c.sameList(dir, "first Open+ReadDir(-1) vs third Open+ReadDir(1,2) loop", list, list2)

	if fsys, ok := c.fsys.(fs.ReadDirFS); ok {
		list2, err := fsys.ReadDir(dir)
		if err != nil {
			c.errorf("%s: fsys.ReadDir: %w", dir, err)
			return
		}
		c.sameList(dir, "first Open+ReadDir(-1) vs fsys.ReadDir", list, list2)
		c.sorted(dir, "fsys.ReadDir", list2)
	}
	list2, err = fs.ReadDir(c.fsys, dir)
	if err != nil {
		c.errorf("%s: fs.ReadDir: %w", dir, err)
		return
	}
	c.sameList(dir, "first Open+ReadDir(-1) vs fs.ReadDir", list, list2)
	c.sorted(dir, "fs.ReadDir", list2)
	c.checkGlob(dir, list2)
}

// globDir is a pattern matching only dir, written with a mix of plain
// characters, classes, ranges and escapes (as Go's TestFS writes it).
func globDir(dir string) string {
	if dir == "." {
		return ""
	}
	elems := strings.Split(dir, "/")
	for i, e := range elems {
		var b strings.Builder
		j := 0
		for _, r := range e {
			ch := string(r)
			switch {
			case strings.ContainsRune(`*?\[-`, r):
				b.WriteString(`\` + ch)
			case (i+j)%5 == 0:
				b.WriteString(ch)
			case (i+j)%5 == 1:
				b.WriteString("[" + ch + "]")
			case (i+j)%5 == 2:
				b.WriteString("[" + ch + "-" + ch + "]")
			case (i+j)%5 == 3:
				b.WriteString(`[\` + ch + "]")
			default:
				b.WriteString(`[\` + ch + `-\` + ch + "]")
			}
			j++
		}
		elems[i] = b.String()
	}
	return strings.Join(elems, "/") + "/"
}

func (c *fsChecker) checkGlob(dir string, list []fs.DirEntry) {
	gfs, ok := c.fsys.(fs.GlobFS)
	if !ok {
		return
	}
	glob := globDir(dir)
	if _, err := gfs.Glob(glob + "nonexist/[]"); err == nil {
		c.errorf("%s: Glob(%#q): bad pattern not detected", dir, glob+"nonexist/[]")
	}
	// A letter in some but not all of the names.
	letter := 'a'
	for ; letter <= 'z'; letter++ {
		with, without := false, false
		for _, e := range list {
			if strings.ContainsRune(e.Name(), letter) {
				with = true
			} else {
				without = true
			}
		}
		if with && without {
			break
		}
	}
	if letter > 'z' {
		letter = 'a'
	}
	glob += "*" + string(letter) + "*"
	var want []string
	for _, e := range list {
		if strings.ContainsRune(e.Name(), letter) {
			want = append(want, path.Join(dir, e.Name()))
		}
	}
	got, err := gfs.Glob(glob)
	if err != nil {
		c.errorf("%s: Glob(%#q): %w", dir, glob, err)
		return
	}
	if slices.Equal(want, got) {
		return
	}
	if !slices.IsSorted(got) {
		c.errorf("%s: Glob(%#q): unsorted output:\n%s", dir, glob, strings.Join(got, "\n"))
		slices.Sort(got)
	}
	var problems []string
	for len(want) > 0 || len(got) > 0 {
		switch {
		case len(want) > 0 && len(got) > 0 && want[0] == got[0]:
			want, got = want[1:], got[1:]
		case len(want) > 0 && (len(got) == 0 || want[0] < got[0]):
			problems = append(problems, "missing: "+want[0])
			want = want[1:]
		default:
			problems = append(problems, "extra: "+got[0])
			got = got[1:]
		}
	}
	c.errorf("%s: Glob(%#q): wrong output:\n%s", dir, glob, strings.Join(problems, "\n"))
}

func (c *fsChecker) sorted(dir, desc string, list []fs.DirEntry) {
	for i := 0; i+1 < len(list); i++ {
		if list[i].Name() >= list[i+1].Name() {
			c.errorf("%s: %s: list not sorted: %s before %s", dir, desc, list[i].Name(), list[i+1].Name())
		}
	}
}

func entryText(e fs.DirEntry) string {
	return fmt.Sprintf("%s IsDir=%v Type=%v", e.Name(), e.IsDir(), e.Type())
}

func infoEntryText(i fs.FileInfo) string {
	return fmt.Sprintf("%s IsDir=%v Type=%v", i.Name(), i.IsDir(), i.Mode().Type())
}

func infoText(i fs.FileInfo) string {
	return fmt.Sprintf("%s IsDir=%v Mode=%v Size=%d ModTime=%v", i.Name(), i.IsDir(), i.Mode(), i.Size(), i.ModTime())
}

// sameList reports the differences between two listings of dir.
func (c *fsChecker) sameList(dir, desc string, list1, list2 []fs.DirEntry) {
	checkMode := func(e fs.DirEntry) {
		if e.IsDir() != (e.Type()&fs.ModeDir != 0) {
			if e.IsDir() {
				c.errorf("%s: ReadDir returned %s with IsDir() = true, Type() & ModeDir = 0", dir, e.Name())
			} else {
				c.errorf("%s: ReadDir returned %s with IsDir() = false, Type() & ModeDir = ModeDir", dir, e.Name())
			}
		}
	}
	first := map[string]fs.DirEntry{}
	for _, e := range list1 {
		first[e.Name()] = e
		checkMode(e)
	}
	var diffs []string
	for _, e2 := range list2 {
		e1, ok := first[e2.Name()]
		if !ok {
			checkMode(e2)
			diffs = append(diffs, "+ "+entryText(e2))
			continue
		}
		if entryText(e1) != entryText(e2) {
			diffs = append(diffs, "- "+entryText(e1), "+ "+entryText(e2))
		}
		delete(first, e2.Name())
	}
	for _, e1 := range first {
		diffs = append(diffs, "- "+entryText(e1))
	}
	if len(diffs) == 0 {
		return
	}
	// By name, and "+" before "-" for the same name.
	slices.SortFunc(diffs, func(a, b string) int {
		fa, fb := strings.Fields(a), strings.Fields(b)
		return strings.Compare(fa[1]+" "+fb[0], fb[1]+" "+fa[0])
	})
	c.errorf("%s: diff %s:\n\t%s", dir, desc, strings.Join(diffs, "\n\t"))
}

// checkStat compares what Open+Stat, the directory entry, fs.Stat and
// the file system's own Stat and Lstat say about path.
func (c *fsChecker) checkStat(path string, entry fs.DirEntry) {
	f, err := c.fsys.Open(path)
	if err != nil {
		c.errorf("%s: Open: %w", path, err)
		return
	}
	info, err := f.Stat()
	f.Close()
	if err != nil {
		c.errorf("%s: Stat: %w", path, err)
		return
	}
	link := entry.Type()&fs.ModeSymlink != 0
	fentry, fientry := entryText(entry), infoEntryText(info)
	if fentry != fientry && !link {
		c.errorf("%s: mismatch:\n\tentry = %s\n\tfile.Stat() = %s", path, fentry, fientry)
	}
	einfo, err := entry.Info()
	if err != nil {
		c.errorf("%s: entry.Info: %w", path, err)
		return
	}
	finfo := infoText(info)
	if link {
		if fe := infoEntryText(einfo); fentry != fe {
			c.errorf("%s: mismatch\n\tentry = %s\n\tentry.Info() = %s\n", path, fentry, fe)
		}
	} else if fe := infoText(einfo); fe != finfo {
		c.errorf("%s: mismatch:\n\tentry.Info() = %s\n\tfile.Stat() = %s\n", path, fe, finfo)
	}
	info2, err := fs.Stat(c.fsys, path)
	if err != nil {
		c.errorf("%s: fs.Stat: %w", path, err)
		return
	}
	if f2 := infoText(info2); f2 != finfo {
		c.errorf("%s: fs.Stat(...) = %s\n\twant %s", path, f2, finfo)
	}
	if fsys, ok := c.fsys.(fs.StatFS); ok {
		info3, err := fsys.Stat(path)
		if err != nil {
			c.errorf("%s: fsys.Stat: %w", path, err)
			return
		}
		if f3 := infoText(info3); f3 != finfo {
			c.errorf("%s: fsys.Stat(...) = %s\n\twant %s", path, f3, finfo)
		}
	}
	if fsys, ok := c.fsys.(fs.ReadLinkFS); ok {
		info4, err := fsys.Lstat(path)
		if err != nil {
			c.errorf("%s: fsys.Lstat: %v", path, err)
			return
		}
		if f4 := infoEntryText(info4); fentry != f4 {
			c.errorf("%s: mismatch:\n\tentry = %s\n\tfsys.Lstat(...) = %s", path, fentry, f4)
		}
		if fe, f4 := infoText(einfo), infoText(info4); fe != f4 {
			c.errorf("%s: mismatch:\n\tentry.Info() = %s\n\tfsys.Lstat(...) = %s\n", path, fe, f4)
		}
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
