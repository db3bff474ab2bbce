package os

// Root: file operations confined to a directory tree (Go 1.24+). A name
// is resolved one component at a time from the root, following symbolic
// links; a name that is absolute, or whose ".." or links lead out of the
// tree, fails with "path escapes from parent". minigo resolves with
// Lstat/Readlink and then operates on the resolved path, so unlike Go's
// openat-based walk it is not proof against a tree changed concurrently
// by another process.

import (
	"errors"
	"io/fs"
	"syscall"
	"time"
)

var (
	errPathEscapes = errors.New("path escapes from parent")
	errEmptyPath   = errors.New("empty path")
)

// A Root is a directory tree that operations may not leave.
type Root struct {
	name   string
	dir    string // the directory's path, as opened
	closed bool
}

// OpenRoot opens the directory name as a Root.
func OpenRoot(name string) (*Root, error) {
	fi, err := Stat(name)
	if err != nil {
		if pe, ok := err.(*PathError); ok {
			pe.Op = "open"
		}
		return nil, err
	}
	if !fi.IsDir() {
		return nil, &PathError{Op: "open", Path: name, Err: syscall.ENOTDIR}
	}
	return &Root{name: name, dir: name}, nil
}

// OpenInRoot opens name inside the tree dir.
func OpenInRoot(dir, name string) (*File, error) {
	r, err := OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return r.Open(name)
}

// Name is the name the Root was opened with.
func (r *Root) Name() string { return r.name }

// Close closes the Root; later operations fail with ErrClosed.
func (r *Root) Close() error {
	r.closed = true
	return nil
}

func rootSplit(name string) []string {
	var parts []string
	start := 0
	for i := 0; i <= len(name); i++ {
		if i == len(name) || name[i] == '/' {
			parts = append(parts, name[start:i])
			start = i + 1
		}
	}
	return parts
}

// resolve is the path (from the root directory) that name stands for,
// following links in every component, and in the last one if follow.
func (r *Root) resolve(name string, follow bool) (string, error) {
	if r.closed {
		return "", ErrClosed
	}
	if name == "" {
		return "", errEmptyPath
	}
	if name[0] == '/' {
		return "", errPathEscapes
	}
	var dirs []string // resolved components below the root
	rest := rootSplit(name)
	links := 0
	here := func() string {
		p := r.dir
		for _, d := range dirs {
			p += "/" + d
		}
		return p
	}
	for len(rest) > 0 {
		c := rest[0]
		rest = rest[1:]
		last := len(rest) == 0
		switch c {
		case "", ".":
			if last {
				return here(), nil
			}
			continue
		case "..":
			if len(dirs) == 0 {
				return "", errPathEscapes
			}
			dirs = dirs[:len(dirs)-1]
			if last {
				return here(), nil
			}
			continue
		}
		p := here() + "/" + c
		fi, err := Lstat(p)
		if err != nil {
			if last {
				return p, nil // the operation itself reports it
			}
			return "", underlyingError(err)
		}
		if fi.Mode()&ModeSymlink != 0 && (!last || follow) {
			links++
			if links > 40 {
				return "", syscall.ELOOP
			}
			target, err := Readlink(p)
			if err != nil {
				return "", underlyingError(err)
			}
			if target != "" && target[0] == '/' {
				return "", errPathEscapes
			}
			rest = append(rootSplit(target), rest...)
			continue
		}
		if last {
			return p, nil
		}
		if !fi.IsDir() {
			return "", syscall.ENOTDIR
		}
		dirs = append(dirs, c)
	}
	return here(), nil
}

// rootErr renames err (from an operation on the resolved path) to op on
// name, as Go's Root reports it.
func rootErr(op, name string, err error) error {
	if err == nil {
		return nil
	}
	return &PathError{Op: op, Path: name, Err: underlyingError(err)}
}

// OpenFile opens name in the tree (see os.OpenFile).
func (r *Root) OpenFile(name string, flag int, perm FileMode) (*File, error) {
	p, err := r.resolve(name, flag&O_EXCL == 0 || flag&O_CREATE == 0)
	if err != nil {
		return nil, rootErr("openat", name, err)
	}
	f, err := OpenFile(p, flag, perm)
	if err != nil {
		return nil, rootErr("openat", name, err)
	}
	f.name = r.name + "/" + name
	return f, nil
}

// Open opens name in the tree for reading.
func (r *Root) Open(name string) (*File, error) { return r.OpenFile(name, O_RDONLY, 0) }

// Create creates or truncates name in the tree.
func (r *Root) Create(name string) (*File, error) {
	return r.OpenFile(name, O_RDWR|O_CREATE|O_TRUNC, 0666)
}

// OpenRoot opens the directory name in the tree as a Root of its own.
func (r *Root) OpenRoot(name string) (*Root, error) {
	p, err := r.resolve(name, true)
	if err != nil {
		return nil, rootErr("openat", name, err)
	}
	fi, err := Stat(p)
	if err != nil {
		return nil, rootErr("openat", name, err)
	}
	if !fi.IsDir() {
		return nil, &PathError{Op: "openat", Path: name, Err: syscall.ENOTDIR}
	}
	return &Root{name: r.name + "/" + name, dir: p}, nil
}

func (r *Root) stat(op, name string, follow bool) (FileInfo, error) {
	p, err := r.resolve(name, follow)
	if err != nil {
		return nil, rootErr(op, name, err)
	}
	var fi FileInfo
	if follow {
		fi, err = Stat(p)
	} else {
		fi, err = Lstat(p)
	}
	if err != nil {
		return nil, rootErr(op, name, err)
	}
	return fi, nil
}

// Stat describes name in the tree, following a final link.
func (r *Root) Stat(name string) (FileInfo, error) { return r.stat("statat", name, true) }

// Lstat describes name in the tree, not following a final link.
func (r *Root) Lstat(name string) (FileInfo, error) { return r.stat("statat", name, false) }

// Mkdir makes the directory name in the tree.
func (r *Root) Mkdir(name string, perm FileMode) error {
	p, err := r.resolve(name, false)
	if err == nil {
		err = Mkdir(p, perm)
	}
	return rootErr("mkdirat", name, err)
}

// MkdirAll makes the directory name and any missing parents in the tree.
func (r *Root) MkdirAll(name string, perm FileMode) error {
	if r.closed {
		return rootErr("mkdirat", name, ErrClosed)
	}
	parts := rootSplit(name)
	sofar := ""
	for i, c := range parts {
		if c == "" && i > 0 {
			continue
		}
		if sofar != "" {
			sofar += "/"
		}
		sofar += c
		if c == "." || c == ".." {
			continue
		}
		p, err := r.resolve(sofar, true)
		if err != nil {
			return rootErr("mkdirat", name, err)
		}
		if fi, err := Stat(p); err == nil {
			if !fi.IsDir() {
				return rootErr("mkdirat", name, syscall.ENOTDIR)
			}
			continue
		}
		if err := Mkdir(p, perm); err != nil && !IsExist(err) {
			return rootErr("mkdirat", name, err)
		}
	}
	return nil
}

// Remove removes the file or empty directory name in the tree.
func (r *Root) Remove(name string) error {
	p, err := r.resolve(name, false)
	if err == nil {
		err = Remove(p)
	}
	return rootErr("removeat", name, err)
}

// RemoveAll removes name and everything under it in the tree.
func (r *Root) RemoveAll(name string) error {
	p, err := r.resolve(name, false)
	if err == nil {
		if p == r.dir {
			return rootErr("RemoveAll", name, ErrInvalid)
		}
		err = RemoveAll(p)
	}
	return rootErr("RemoveAll", name, err)
}

// ReadFile reads the whole file name in the tree.
func (r *Root) ReadFile(name string) ([]byte, error) {
	p, err := r.resolve(name, true)
	if err != nil {
		return nil, rootErr("openat", name, err)
	}
	data, err := ReadFile(p)
	if err != nil {
		if pe, ok := err.(*PathError); ok && pe.Op == "open" {
			return nil, rootErr("openat", name, err)
		}
		return nil, rootErr("read", r.name+"/"+name, err)
	}
	return data, nil
}

// WriteFile writes data to the file name in the tree (see os.WriteFile).
func (r *Root) WriteFile(name string, data []byte, perm FileMode) error {
	f, err := r.OpenFile(name, O_WRONLY|O_CREATE|O_TRUNC, perm)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err1 := f.Close(); err1 != nil && err == nil {
		err = err1
	}
	return err
}

// Chmod changes the mode of name in the tree.
func (r *Root) Chmod(name string, mode FileMode) error {
	p, err := r.resolve(name, true)
	if err == nil {
		err = Chmod(p, mode)
	}
	return rootErr("chmodat", name, err)
}

// Chown changes the owner of name in the tree.
func (r *Root) Chown(name string, uid, gid int) error {
	p, err := r.resolve(name, true)
	if err == nil {
		err = Chown(p, uid, gid)
	}
	return rootErr("chownat", name, err)
}

// Lchown changes the owner of name in the tree, not following a link.
func (r *Root) Lchown(name string, uid, gid int) error {
	p, err := r.resolve(name, false)
	if err == nil {
		err = Lchown(p, uid, gid)
	}
	return rootErr("lchownat", name, err)
}

// Chtimes changes the times of name in the tree.
func (r *Root) Chtimes(name string, atime time.Time, mtime time.Time) error {
	p, err := r.resolve(name, true)
	if err == nil {
		err = Chtimes(p, atime, mtime)
	}
	return rootErr("chtimesat", name, err)
}

// Readlink is the target of the link name in the tree.
func (r *Root) Readlink(name string) (string, error) {
	p, err := r.resolve(name, false)
	if err != nil {
		return "", rootErr("readlinkat", name, err)
	}
	s, err := Readlink(p)
	if err != nil {
		return "", rootErr("readlinkat", name, err)
	}
	return s, nil
}

func rootLinkErr(op, oldname, newname string, err error) error {
	if err == nil {
		return nil
	}
	return &LinkError{Op: op, Old: oldname, New: newname, Err: underlyingError(err)}
}

// Symlink makes newname in the tree a link to oldname (which is not
// checked: following it later is).
func (r *Root) Symlink(oldname, newname string) error {
	p, err := r.resolve(newname, false)
	if err == nil {
		err = Symlink(oldname, p)
	}
	return rootLinkErr("symlinkat", oldname, newname, err)
}

// Link makes newname a hard link to oldname, both in the tree.
func (r *Root) Link(oldname, newname string) error {
	op, err := r.resolve(oldname, false)
	if err != nil {
		return rootLinkErr("linkat", oldname, newname, err)
	}
	np, err := r.resolve(newname, false)
	if err == nil {
		err = Link(op, np)
	}
	return rootLinkErr("linkat", oldname, newname, err)
}

// Rename renames oldname to newname, both in the tree.
func (r *Root) Rename(oldname, newname string) error {
	op, err := r.resolve(oldname, false)
	if err != nil {
		return rootLinkErr("renameat", oldname, newname, err)
	}
	np, err := r.resolve(newname, false)
	if err == nil {
		err = Rename(op, np)
	}
	return rootLinkErr("renameat", oldname, newname, err)
}

// FS is the tree as an fs.FS (also fs.StatFS, fs.ReadFileFS and
// fs.ReadDirFS).
func (r *Root) FS() fs.FS { return rootFS{r} }

type rootFS struct{ r *Root }

func (f rootFS) check(op, name string) error {
	if !fs.ValidPath(name) {
		return &PathError{Op: op, Path: name, Err: ErrInvalid}
	}
	return nil
}

func (f rootFS) Open(name string) (fs.File, error) {
	if err := f.check("open", name); err != nil {
		return nil, err
	}
	file, err := f.r.Open(name)
	if err != nil {
		return nil, err
	}
	return file, nil
}

func (f rootFS) ReadFile(name string) ([]byte, error) {
	if err := f.check("readfile", name); err != nil {
		return nil, err
	}
	return f.r.ReadFile(name)
}

func (f rootFS) ReadDir(name string) ([]DirEntry, error) {
	if err := f.check("readdir", name); err != nil {
		return nil, err
	}
	file, err := f.r.Open(name)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	return file.ReadDir(-1)
}

func (f rootFS) Stat(name string) (FileInfo, error) {
	if err := f.check("stat", name); err != nil {
		return nil, err
	}
	return f.r.Stat(name)
}

func (f rootFS) ReadLink(name string) (string, error) {
	if err := f.check("readlink", name); err != nil {
		return "", err
	}
	return f.r.Readlink(name)
}

func (f rootFS) Lstat(name string) (FileInfo, error) {
	if err := f.check("lstat", name); err != nil {
		return nil, err
	}
	return f.r.Lstat(name)
}
