// Package filepath manipulates file names of the operating system
// (slash-separated here, on Unix), and walks file trees.
package filepath

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"sort"
	"strings"
)

const (
	Separator     = '/'
	ListSeparator = ':'
)

var (
	ErrBadPattern = path.ErrBadPattern
	SkipDir       = fs.SkipDir
	SkipAll       = fs.SkipAll
)

func Clean(p string) string { return path.Clean(p) }

func Join(elem ...string) string { return path.Join(elem...) }

func Split(p string) (dir, file string) { return path.Split(p) }

func Base(p string) string { return path.Base(p) }

func Dir(p string) string { return path.Dir(p) }

func Ext(p string) string { return path.Ext(p) }

func IsAbs(p string) bool { return path.IsAbs(p) }

func IsLocal(p string) bool {
	if IsAbs(p) || p == "" {
		return false
	}
	hasDots := false
	for q := p; q != ""; {
		var part string
		part, q, _ = strings.Cut(q, "/")
		if part == "." || part == ".." {
			hasDots = true
			break
		}
	}
	if hasDots {
		p = Clean(p)
	}
	return p != ".." && !strings.HasPrefix(p, "../")
}

func Match(pattern, name string) (matched bool, err error) { return path.Match(pattern, name) }

func ToSlash(p string) string { return p }

func FromSlash(p string) string { return p }

func VolumeName(p string) string { return "" }

// SplitList splits a list of paths joined by ListSeparator ($PATH).
func SplitList(p string) []string {
	if p == "" {
		return []string{}
	}
	return strings.Split(p, string(ListSeparator))
}

// Abs returns an absolute form of p, joined to the current directory.
func Abs(p string) (string, error) {
	if IsAbs(p) {
		return Clean(p), nil
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	return Join(wd, p), nil
}

// Rel returns a relative path that joined to basepath names targpath,
// or an error if there is none.
func Rel(basepath, targpath string) (string, error) {
	base := Clean(basepath)
	targ := Clean(targpath)
	if targ == base {
		return ".", nil
	}
	if base == "." {
		base = ""
	}
	if IsAbs(base) != IsAbs(targ) {
		return "", errors.New("Rel: can't make " + targpath + " relative to " + basepath)
	}
	bl, tl := len(base), len(targ)
	var b0, bi, t0, ti int
	for {
		for bi < bl && base[bi] != Separator {
			bi++
		}
		for ti < tl && targ[ti] != Separator {
			ti++
		}
		if targ[t0:ti] != base[b0:bi] {
			break
		}
		if bi < bl {
			bi++
		}
		if ti < tl {
			ti++
		}
		b0, t0 = bi, ti
	}
	if base[b0:bi] == ".." {
		return "", errors.New("Rel: can't make " + targpath + " relative to " + basepath)
	}
	if b0 != bl {
		// Up out of the rest of base, then down into targ.
		seps := strings.Count(base[b0:bl], string(Separator))
		size := 2 + seps*3
		if tl != t0 {
			size += 1 + tl - t0
		}
		buf := make([]byte, size)
		n := copy(buf, "..")
		for i := 0; i < seps; i++ {
			buf[n] = Separator
			copy(buf[n+1:], "..")
			n += 3
		}
		if t0 != tl {
			buf[n] = Separator
			copy(buf[n+1:], targ[t0:])
		}
		return string(buf), nil
	}
	return targ[t0:], nil
}

// EvalSymlinks returns p with its symbolic links resolved.
func EvalSymlinks(p string) (string, error) {
	if p == "" {
		return p, nil
	}
	var out string
	rest := p
	if IsAbs(p) {
		out = "/"
		rest = p[1:]
	}
	links := 0
	for rest != "" {
		var part string
		part, rest, _ = strings.Cut(rest, "/")
		if part == "" || part == "." {
			continue
		}
		if part == ".." {
			if out == "" || out == "." {
				out = ".."
			} else if strings.HasSuffix(out, "..") {
				out += "/.."
			} else {
				out = Dir(out)
			}
			continue
		}
		next := Join(out, part)
		if out == "" {
			next = part
		}
		fi, err := os.Lstat(next)
		if err != nil {
			return "", err
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			out = next
			continue
		}
		links++
		if links > 255 {
			return "", errors.New("EvalSymlinks: too many links")
		}
		dest, err := os.Readlink(next)
		if err != nil {
			return "", err
		}
		if IsAbs(dest) {
			out = "/"
			rest = dest[1:] + "/" + rest
		} else {
			rest = dest + "/" + rest
		}
	}
	if out == "" {
		return ".", nil
	}
	return Clean(out), nil
}

// Glob returns the names of all files matching pattern, or nil; the
// only error is ErrBadPattern.
func Glob(pattern string) (matches []string, err error) {
	if _, err := Match(pattern, ""); err != nil {
		return nil, err
	}
	if !hasMeta(pattern) {
		if _, err = os.Lstat(pattern); err != nil {
			return nil, nil
		}
		return []string{pattern}, nil
	}
	dir, file := Split(pattern)
	switch dir {
	case "":
		dir = "."
	case "/":
	default:
		dir = dir[0 : len(dir)-1] // chop off the trailing separator
	}
	if !hasMeta(dir) {
		return glob(dir, file, nil)
	}
	if dir == pattern {
		return nil, ErrBadPattern
	}
	m, err := Glob(dir)
	if err != nil {
		return
	}
	for _, d := range m {
		matches, err = glob(d, file, matches)
		if err != nil {
			return
		}
	}
	return
}

func glob(dir, pattern string, matches []string) (m []string, e error) {
	m = matches
	fi, err := os.Stat(dir)
	if err != nil || !fi.IsDir() {
		return
	}
	list, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, d := range list {
		n := d.Name()
		matched, err := Match(pattern, n)
		if err != nil {
			return m, err
		}
		if matched {
			m = append(m, Join(dir, n))
		}
	}
	return
}

func hasMeta(p string) bool {
	return strings.ContainsAny(p, `*?[\`)
}

// A WalkFunc is called by Walk for each file or directory.
type WalkFunc func(path string, info fs.FileInfo, err error) error

// WalkDir walks the file tree rooted at root in lexical order, calling
// fn for each file or directory; symbolic links are not followed.
func WalkDir(root string, fn fs.WalkDirFunc) error {
	info, err := os.Lstat(root)
	if err != nil {
		err = fn(root, nil, err)
	} else {
		err = walkDir(root, fs.FileInfoToDirEntry(info), fn)
	}
	if err == SkipDir || err == SkipAll {
		return nil
	}
	return err
}

func walkDir(p string, d fs.DirEntry, fn fs.WalkDirFunc) error {
	if err := fn(p, d, nil); err != nil || !d.IsDir() {
		if err == SkipDir && d.IsDir() {
			err = nil
		}
		return err
	}
	dirs, err := os.ReadDir(p)
	if err != nil {
		err = fn(p, d, err)
		if err != nil {
			if err == SkipDir && d.IsDir() {
				err = nil
			}
			return err
		}
	}
	for _, d1 := range dirs {
		if err := walkDir(Join(p, d1.Name()), d1, fn); err != nil {
			if err == SkipDir {
				break
			}
			return err
		}
	}
	return nil
}

// Walk is WalkDir with a FileInfo (an Lstat) for every entry.
func Walk(root string, fn WalkFunc) error {
	info, err := os.Lstat(root)
	if err != nil {
		err = fn(root, nil, err)
	} else {
		err = walk(root, info, fn)
	}
	if err == SkipDir || err == SkipAll {
		return nil
	}
	return err
}

func walk(p string, info fs.FileInfo, fn WalkFunc) error {
	if !info.IsDir() {
		return fn(p, info, nil)
	}
	names, err := readDirNames(p)
	err1 := fn(p, info, err)
	if err != nil || err1 != nil {
		return err1
	}
	for _, name := range names {
		filename := Join(p, name)
		fileInfo, err := os.Lstat(filename)
		if err != nil {
			if err := fn(filename, fileInfo, err); err != nil && err != SkipDir {
				return err
			}
		} else {
			err = walk(filename, fileInfo, fn)
			if err != nil {
				if !fileInfo.IsDir() || err != SkipDir {
					return err
				}
			}
		}
	}
	return nil
}

func readDirNames(dirname string) ([]string, error) {
	f, err := os.Open(dirname)
	if err != nil {
		return nil, err
	}
	names, err := f.Readdirnames(-1)
	f.Close()
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	return names, nil
}

var filepathErrInvalidPath = errors.New("invalid path")

// Localize turns a slash-separated, fs.ValidPath path into an operating
// system path: on Unix the same path, refused if it holds a NUL byte.
func Localize(path string) (string, error) {
	if !fs.ValidPath(path) || strings.IndexByte(path, 0) >= 0 {
		return "", filepathErrInvalidPath
	}
	return path, nil
}

// HasPrefix is the deprecated byte-wise prefix test (strings.HasPrefix on
// Unix), kept for old programs.
func HasPrefix(p, prefix string) bool { return strings.HasPrefix(p, prefix) }
