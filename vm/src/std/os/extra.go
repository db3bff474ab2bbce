package os

// Ownership, the process's groups and executable, directory copies,
// NewFile and deadlines.

import (
	"errors"
	"internal/poll"
	"io"
	"io/fs"
	"syscall"
	"time"
)

var (
	// ErrNoDeadline: the file's type does not support deadlines.
	ErrNoDeadline = errors.New("file type does not support deadline")
	// ErrNoHandle: a Process has no handle (minigo never has one).
	ErrNoHandle = errors.New("os: process handle unavailable")
)

func sysChown(name string, uid, gid int, follow bool) int
func sysFchown(fd, uid, gid int) int
func sysFchdir(fd int) int
func sysGetgroups() ([]int, int)
func sysExecutable() (string, int)
func sysNewFile(fd int) int

// Chown changes the numeric owner and group of name (-1 keeps one),
// following a symbolic link.
func Chown(name string, uid, gid int) error {
	if e := sysChown(name, uid, gid, true); e != 0 {
		return pathErr("chown", name, e)
	}
	return nil
}

// Lchown is Chown on a symbolic link itself.
func Lchown(name string, uid, gid int) error {
	if e := sysChown(name, uid, gid, false); e != 0 {
		return pathErr("lchown", name, e)
	}
	return nil
}

// Chown changes the numeric owner and group of the file.
func (f *File) Chown(uid, gid int) error {
	if err := f.checkValid("chown"); err != nil {
		return err
	}
	if e := sysFchown(f.fd, uid, gid); e != 0 {
		return f.wrapErr("chown", e)
	}
	return nil
}

// Chdir makes the file, a directory, the working directory.
func (f *File) Chdir() error {
	if err := f.checkValid("chdir"); err != nil {
		return err
	}
	if e := sysFchdir(f.fd); e != 0 {
		return f.wrapErr("chdir", e)
	}
	return nil
}

// Getgroups is the numeric ids of the caller's supplementary groups.
func Getgroups() ([]int, error) {
	gs, e := sysGetgroups()
	if e != 0 {
		return nil, NewSyscallError("getgroups", syscall.Errno(e))
	}
	return gs, nil
}

// Executable is the path of the running executable: under minigo the
// interpreter's binary (the program being run is not an executable).
func Executable() (string, error) {
	p, e := sysExecutable()
	if e != 0 {
		return "", pathErr("readlink", "/proc/self/exe", e)
	}
	return p, nil
}

// NewFile is a File for the open descriptor fd (nil if fd is invalid as
// a number). minigo works on a duplicate of fd: closing the File closes
// the duplicate, and Fd returns minigo's own descriptor number.
func NewFile(fd uintptr, name string) *File {
	if int(fd) < 0 {
		return nil
	}
	if fd <= 2 {
		return &File{fd: int(fd), name: name}
	}
	h := sysNewFile(int(fd))
	if h < 0 {
		// Like Go, a File for a bad descriptor: its calls fail.
		return &File{fd: -1, name: name}
	}
	return &File{fd: h, name: name}
}

// SetDeadline, SetReadDeadline and SetWriteDeadline: pipes have
// deadlines (a Read or Write past one fails with ErrDeadlineExceeded);
// other files do not (ErrNoDeadline), as in Go.
func (f *File) SetDeadline(t time.Time) error { return f.setDeadline(t, 0) }

func (f *File) SetReadDeadline(t time.Time) error { return f.setDeadline(t, 1) }

func (f *File) SetWriteDeadline(t time.Time) error { return f.setDeadline(t, 2) }

func (f *File) setDeadline(t time.Time, mode int) error {
	if err := f.checkValid("SetDeadline"); err != nil {
		return err
	}
	var ns int64
	if !t.IsZero() {
		ns = t.UnixNano()
		if ns == 0 {
			ns = 1
		}
	}
	switch e := sysSetDeadline(f.fd, ns, mode); e {
	case 0:
		return nil
	case errNoDeadline:
		return ErrNoDeadline
	case errClosed:
		return poll.ErrFileClosing
	default:
		return f.wrapErr("SetDeadline", e)
	}
}

// UserCacheDir is $XDG_CACHE_HOME, or $HOME/.cache.
func UserCacheDir() (string, error) {
	return xdgDir("XDG_CACHE_HOME", "/.cache")
}

// UserConfigDir is $XDG_CONFIG_HOME, or $HOME/.config.
func UserConfigDir() (string, error) {
	return xdgDir("XDG_CONFIG_HOME", "/.config")
}

func xdgDir(env, under string) (string, error) {
	dir := Getenv(env)
	if dir == "" {
		home := Getenv("HOME")
		if home == "" {
			return "", errors.New("neither $" + env + " nor $HOME are defined")
		}
		return home + under, nil
	}
	if dir[0] != '/' {
		return "", errors.New("path in $" + env + " is relative")
	}
	return dir, nil
}

// CopyFS copies the tree fsys into the directory dir, making dir if
// needed. Files are created with O_EXCL (an existing file is an error)
// and mode 0666 plus the source's permission bits; symbolic links are
// copied when fsys can read them (fs.ReadLinkFS).
func CopyFS(dir string, fsys fs.FS) error {
	return fs.WalkDir(fsys, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !fs.ValidPath(path) {
			return &PathError{Op: "CopyFS", Path: path, Err: ErrInvalid}
		}
		for i := 0; i < len(path); i++ {
			if path[i] == 0 {
				return &PathError{Op: "CopyFS", Path: path, Err: ErrInvalid}
			}
		}
		target := joinPath(dir, path)
		switch d.Type() {
		case ModeDir:
			return MkdirAll(target, 0777)
		case ModeSymlink:
			link, err := fs.ReadLink(fsys, path)
			if err != nil {
				return err
			}
			return Symlink(link, target)
		case 0:
			return copyOne(fsys, path, target)
		}
		return &PathError{Op: "CopyFS", Path: path, Err: ErrInvalid}
	})
}

func copyOne(fsys fs.FS, path, target string) error {
	src, err := fsys.Open(path)
	if err != nil {
		return err
	}
	defer src.Close()
	info, err := src.Stat()
	if err != nil {
		return err
	}
	dst, err := OpenFile(target, O_CREATE|O_EXCL|O_WRONLY, 0666|info.Mode()&0777)
	if err != nil {
		return err
	}
	buf := make([]byte, 32*1024)
	for {
		n, rerr := src.Read(buf)
		if n > 0 {
			if _, werr := dst.Write(buf[:n]); werr != nil {
				dst.Close()
				return &PathError{Op: "Copy", Path: target, Err: werr}
			}
		}
		if rerr == io.EOF {
			break
		}
		if rerr != nil {
			dst.Close()
			return &PathError{Op: "Copy", Path: target, Err: rerr}
		}
	}
	return dst.Close()
}
