// Package fs as minigo provides it: the file system interfaces (FS,
// File, FileInfo, DirEntry, FileMode), their errors, and WalkDir.
package fs

import (
	"errors"
	"internal/oserror"
	"io"
	"path"
	"time"
)

var (
	ErrInvalid    = oserror.ErrInvalid
	ErrPermission = oserror.ErrPermission
	ErrExist      = oserror.ErrExist
	ErrNotExist   = oserror.ErrNotExist
	ErrClosed     = oserror.ErrClosed
)

// A PathError records an error and the operation and file path that
// caused it.
type PathError struct {
	Op   string
	Path string
	Err  error
}

func (e *PathError) Error() string { return e.Op + " " + e.Path + ": " + e.Err.Error() }

func (e *PathError) Unwrap() error { return e.Err }

// Timeout reports whether the error is a timeout.
func (e *PathError) Timeout() bool {
	t, ok := e.Err.(interface{ Timeout() bool })
	return ok && t.Timeout()
}

// A FileMode is a file's mode and permission bits, as in Go on every
// system.
type FileMode uint32

const (
	ModeDir        FileMode = 1 << (32 - 1 - iota) // d
	ModeAppend                                     // a
	ModeExclusive                                  // l
	ModeTemporary                                  // T
	ModeSymlink                                    // L
	ModeDevice                                     // D
	ModeNamedPipe                                  // p
	ModeSocket                                     // S
	ModeSetuid                                     // u
	ModeSetgid                                     // g
	ModeCharDevice                                 // c
	ModeSticky                                     // t
	ModeIrregular                                  // ?

	ModeType = ModeDir | ModeSymlink | ModeNamedPipe | ModeSocket | ModeDevice | ModeCharDevice | ModeIrregular
	ModePerm FileMode = 0777
)

func (m FileMode) String() string {
	const str = "dalTLDpSugct?"
	var buf [32]byte
	w := 0
	for i := 0; i < len(str); i++ {
		if m&(1<<uint(32-1-i)) != 0 {
			buf[w] = str[i]
			w++
		}
	}
	if w == 0 {
		buf[w] = '-'
		w++
	}
	const rwx = "rwxrwxrwx"
	for i := 0; i < len(rwx); i++ {
		if m&(1<<uint(9-1-i)) != 0 {
			buf[w] = rwx[i]
		} else {
			buf[w] = '-'
		}
		w++
	}
	return string(buf[:w])
}

func (m FileMode) IsDir() bool { return m&ModeDir != 0 }

func (m FileMode) IsRegular() bool { return m&ModeType == 0 }

func (m FileMode) Perm() FileMode { return m & ModePerm }

func (m FileMode) Type() FileMode { return m & ModeType }

// A FileInfo describes a file (os.Stat, DirEntry.Info).
type FileInfo interface {
	Name() string
	Size() int64
	Mode() FileMode
	ModTime() time.Time
	IsDir() bool
	Sys() any
}

// A DirEntry is an entry of a directory listing.
type DirEntry interface {
	Name() string
	IsDir() bool
	Type() FileMode
	Info() (FileInfo, error)
}

// An FS is a tree of files, named by slash-separated paths.
type FS interface {
	Open(name string) (File, error)
}

// A File is an open file of an FS.
type File interface {
	Stat() (FileInfo, error)
	Read([]byte) (int, error)
	Close() error
}

// A ReadDirFile is a File whose entries can be listed.
type ReadDirFile interface {
	File
	ReadDir(n int) ([]DirEntry, error)
}

type ReadDirFS interface {
	FS
	ReadDir(name string) ([]DirEntry, error)
}

type ReadFileFS interface {
	FS
	ReadFile(name string) ([]byte, error)
}

type StatFS interface {
	FS
	Stat(name string) (FileInfo, error)
}

// ValidPath reports whether name is a valid FS path: unrooted,
// slash-separated, without ".", ".." or empty elements ("." alone is the
// root).
func ValidPath(name string) bool {
	if name == "." {
		return true
	}
	for {
		i := 0
		for i < len(name) && name[i] != '/' {
			i++
		}
		elem := name[:i]
		if elem == "" || elem == "." || elem == ".." {
			return false
		}
		if i == len(name) {
			return true
		}
		name = name[i+1:]
	}
}

// ReadFile reads the named file of fsys.
func ReadFile(fsys FS, name string) ([]byte, error) {
	if fsys, ok := fsys.(ReadFileFS); ok {
		return fsys.ReadFile(name)
	}
	file, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	var data []byte
	buf := make([]byte, 4096)
	for {
		n, err := file.Read(buf)
		data = append(data, buf[:n]...)
		if err != nil {
			if err == io.EOF {
				return data, nil
			}
			return data, err
		}
		if n == 0 {
			return data, nil
		}
	}
}

// ReadDir reads the named directory of fsys, sorted by name.
func ReadDir(fsys FS, name string) ([]DirEntry, error) {
	if fsys, ok := fsys.(ReadDirFS); ok {
		return fsys.ReadDir(name)
	}
	file, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	dir, ok := file.(ReadDirFile)
	if !ok {
		return nil, &PathError{Op: "readdir", Path: name, Err: errors.New("not implemented")}
	}
	list, err := dir.ReadDir(-1)
	for i := 1; i < len(list); i++ {
		for j := i; j > 0 && list[j].Name() < list[j-1].Name(); j-- {
			list[j], list[j-1] = list[j-1], list[j]
		}
	}
	return list, err
}

// Stat returns a FileInfo for the named file of fsys.
func Stat(fsys FS, name string) (FileInfo, error) {
	if fsys, ok := fsys.(StatFS); ok {
		return fsys.Stat(name)
	}
	file, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	return file.Stat()
}

// SkipDir, returned by a WalkDirFunc, skips the directory (or the rest
// of the file's directory); SkipAll stops the walk.
var SkipDir = errors.New("skip this directory")

var SkipAll = errors.New("skip everything and stop the walk")

// A WalkDirFunc is called by WalkDir for each file or directory.
type WalkDirFunc func(path string, d DirEntry, err error) error

// WalkDir walks the tree of fsys rooted at root in lexical order,
// calling fn for each file or directory.
func WalkDir(fsys FS, root string, fn WalkDirFunc) error {
	info, err := Stat(fsys, root)
	if err != nil {
		err = fn(root, nil, err)
	} else {
		err = walkDir(fsys, root, FileInfoToDirEntry(info), fn)
	}
	if err == SkipDir || err == SkipAll {
		return nil
	}
	return err
}

func walkDir(fsys FS, name string, d DirEntry, fn WalkDirFunc) error {
	if err := fn(name, d, nil); err != nil || !d.IsDir() {
		if err == SkipDir && d.IsDir() {
			err = nil
		}
		return err
	}
	dirs, err := ReadDir(fsys, name)
	if err != nil {
		err = fn(name, d, err)
		if err != nil {
			if err == SkipDir && d.IsDir() {
				err = nil
			}
			return err
		}
	}
	for _, d1 := range dirs {
		if err := walkDir(fsys, path.Join(name, d1.Name()), d1, fn); err != nil {
			if err == SkipDir {
				break
			}
			return err
		}
	}
	return nil
}

type statDirEntry struct {
	info FileInfo
}

func (d *statDirEntry) Name() string               { return d.info.Name() }
func (d *statDirEntry) IsDir() bool                { return d.info.IsDir() }
func (d *statDirEntry) Type() FileMode             { return d.info.Mode().Type() }
func (d *statDirEntry) Info() (FileInfo, error)    { return d.info, nil }
func (d *statDirEntry) String() string             { return FormatDirEntry(d) }

// FileInfoToDirEntry returns a DirEntry with info's answers (nil for nil).
func FileInfoToDirEntry(info FileInfo) DirEntry {
	if info == nil {
		return nil
	}
	return &statDirEntry{info: info}
}

// FormatFileInfo returns info as "-rw-r--r-- 100 2006-01-02 15:04:05 name".
func FormatFileInfo(info FileInfo) string {
	name := info.Name()
	b := []byte(info.Mode().String())
	b = append(b, ' ')
	size := info.Size()
	var usize uint64
	if size >= 0 {
		usize = uint64(size)
	} else {
		b = append(b, '-')
		usize = uint64(-size)
	}
	var buf [20]byte
	i := len(buf) - 1
	for usize >= 10 {
		buf[i] = byte(usize%10 + '0')
		i--
		usize /= 10
	}
	buf[i] = byte(usize + '0')
	b = append(b, buf[i:]...)
	b = append(b, ' ')
	b = append(b, info.ModTime().Format(time.DateTime)...)
	b = append(b, ' ')
	b = append(b, name...)
	if info.IsDir() {
		b = append(b, '/')
	}
	return string(b)
}

// FormatDirEntry returns dir as "d name/" or "- name".
func FormatDirEntry(dir DirEntry) string {
	name := dir.Name()
	b := []byte(dir.Type().String())
	// Only the type letter: drop the permission bits.
	b = b[:len(b)-9]
	b = append(b, ' ')
	b = append(b, name...)
	if dir.IsDir() {
		b = append(b, '/')
	}
	return string(b)
}

// A ReadLinkFS is a file system that knows symbolic links.
type ReadLinkFS interface {
	FS
	ReadLink(name string) (string, error)
	Lstat(name string) (FileInfo, error)
}

// ReadLink returns the target of the symbolic link name, through fsys's
// ReadLink (an ErrInvalid PathError when fsys has none).
func ReadLink(fsys FS, name string) (string, error) {
	if l, ok := fsys.(ReadLinkFS); ok {
		return l.ReadLink(name)
	}
	return "", &PathError{Op: "readlink", Path: name, Err: ErrInvalid}
}

// Lstat describes name without following a final symbolic link (Stat when
// fsys is not a ReadLinkFS).
func Lstat(fsys FS, name string) (FileInfo, error) {
	if l, ok := fsys.(ReadLinkFS); ok {
		return l.Lstat(name)
	}
	return Stat(fsys, name)
}

// A GlobFS is a file system with its own Glob.
type GlobFS interface {
	FS
	Glob(pattern string) ([]string, error)
}

// Glob returns the names in fsys matching pattern (path.Match syntax), or
// nil; the only error is path.ErrBadPattern.
func Glob(fsys FS, pattern string) (matches []string, err error) {
	return fsGlob(fsys, pattern, 0)
}

func fsGlob(fsys FS, pattern string, depth int) ([]string, error) {
	if depth > 10000 {
		return nil, path.ErrBadPattern
	}
	if g, ok := fsys.(GlobFS); ok {
		return g.Glob(pattern)
	}
	if _, err := path.Match(pattern, ""); err != nil {
		return nil, err
	}
	if !fsHasMeta(pattern) {
		if _, err := Stat(fsys, pattern); err != nil {
			return nil, nil
		}
		return []string{pattern}, nil
	}
	dir, file := path.Split(pattern)
	if dir == "" {
		dir = "."
	} else {
		dir = dir[:len(dir)-1]
	}
	if !fsHasMeta(dir) {
		return fsGlobDir(fsys, dir, file, nil)
	}
	if dir == pattern {
		return nil, path.ErrBadPattern
	}
	dirs, err := fsGlob(fsys, dir, depth+1)
	if err != nil {
		return nil, err
	}
	var matches []string
	for _, d := range dirs {
		matches, err = fsGlobDir(fsys, d, file, matches)
		if err != nil {
			return matches, err
		}
	}
	return matches, nil
}

// fsGlobDir appends the names of dir matching pattern; a directory that
// cannot be read matches nothing.
func fsGlobDir(fsys FS, dir, pattern string, matches []string) ([]string, error) {
	entries, err := ReadDir(fsys, dir)
	if err != nil {
		return matches, nil
	}
	for _, e := range entries {
		ok, err := path.Match(pattern, e.Name())
		if err != nil {
			return matches, err
		}
		if ok {
			matches = append(matches, path.Join(dir, e.Name()))
		}
	}
	return matches, nil
}

func fsHasMeta(p string) bool {
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '*', '?', '[', '\\':
			return true
		}
	}
	return false
}

// A SubFS is a file system with a Sub method.
type SubFS interface {
	FS
	// Sub returns an FS corresponding to the subtree rooted at dir.
	Sub(dir string) (FS, error)
}

// Sub returns an FS for the subtree of fsys rooted at dir: fsys itself
// for ".", fsys.Sub(dir) when fsys is a SubFS, else a view that joins dir
// to every name and trims it from the paths of errors and Glob results.
func Sub(fsys FS, dir string) (FS, error) {
	if !ValidPath(dir) {
		return nil, &PathError{Op: "sub", Path: dir, Err: ErrInvalid}
	}
	if dir == "." {
		return fsys, nil
	}
	if s, ok := fsys.(SubFS); ok {
		return s.Sub(dir)
	}
	return &subFS{fsys, dir}, nil
}

type subFS struct {
	fsys FS
	dir  string
}

// full is dir joined with name, or op's ErrInvalid for an invalid name.
func (f *subFS) full(op, name string) (string, error) {
	if !ValidPath(name) {
		return "", &PathError{Op: op, Path: name, Err: ErrInvalid}
	}
	return path.Join(f.dir, name), nil
}

// trim is name relative to dir, if name is dir or below it.
func (f *subFS) trim(name string) (string, bool) {
	if name == f.dir {
		return ".", true
	}
	n := len(f.dir)
	if len(name) > n+1 && name[n] == '/' && name[:n] == f.dir {
		return name[n+1:], true
	}
	return "", false
}

// fixErr makes a *PathError's path relative to dir, as the caller named it.
func (f *subFS) fixErr(err error) error {
	if e, ok := err.(*PathError); ok {
		if short, ok := f.trim(e.Path); ok {
			e.Path = short
		}
	}
	return err
}

func (f *subFS) Open(name string) (File, error) {
	full, err := f.full("open", name)
	if err != nil {
		return nil, err
	}
	file, err := f.fsys.Open(full)
	return file, f.fixErr(err)
}

func (f *subFS) ReadDir(name string) ([]DirEntry, error) {
	full, err := f.full("read", name)
	if err != nil {
		return nil, err
	}
	dir, err := ReadDir(f.fsys, full)
	return dir, f.fixErr(err)
}

func (f *subFS) ReadFile(name string) ([]byte, error) {
	full, err := f.full("read", name)
	if err != nil {
		return nil, err
	}
	data, err := ReadFile(f.fsys, full)
	return data, f.fixErr(err)
}

func (f *subFS) ReadLink(name string) (string, error) {
	full, err := f.full("readlink", name)
	if err != nil {
		return "", err
	}
	target, err := ReadLink(f.fsys, full)
	return target, f.fixErr(err)
}

func (f *subFS) Lstat(name string) (FileInfo, error) {
	full, err := f.full("lstat", name)
	if err != nil {
		return nil, err
	}
	info, err := Lstat(f.fsys, full)
	return info, f.fixErr(err)
}

func (f *subFS) Glob(pattern string) ([]string, error) {
	if _, err := path.Match(pattern, ""); err != nil {
		return nil, err
	}
	if pattern == "." {
		return []string{"."}, nil
	}
	list, err := Glob(f.fsys, f.dir+"/"+pattern)
	for i, name := range list {
		short, ok := f.trim(name)
		if !ok {
			return nil, errors.New("invalid result from inner fsys Glob: " + name + " not in " + f.dir)
		}
		list[i] = short
	}
	return list, f.fixErr(err)
}

func (f *subFS) Sub(dir string) (FS, error) {
	if dir == "." {
		return f, nil
	}
	full, err := f.full("sub", dir)
	if err != nil {
		return nil, err
	}
	return &subFS{f.fsys, full}, nil
}
