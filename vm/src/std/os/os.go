// Package os as minigo provides it, in Go over thin natives. A native
// system call reports failure as an errno (0 = success; errEOF and
// errClosed are minigo's own markers), from which the Go side builds
// Go's error values: *fs.PathError wrapping a syscall.Errno.
package os

import (
	"errors"
	"internal/poll"
	"io"
	"io/fs"
	"syscall"
	"time"
)

// A File is an open file descriptor. Descriptors 0-2 are the process's;
// opened files get numbers from 3 up that are never reused.
type File struct {
	fd      int
	name    string
	closed  bool
	dirRead bool       // ReadDir/Readdirnames has listed the directory
	dirRest []DirEntry // the entries no call has returned yet
}

type (
	FileMode  = fs.FileMode
	FileInfo  = fs.FileInfo
	DirEntry  = fs.DirEntry
	PathError = fs.PathError
)

const (
	ModeDir        = fs.ModeDir
	ModeAppend     = fs.ModeAppend
	ModeExclusive  = fs.ModeExclusive
	ModeTemporary  = fs.ModeTemporary
	ModeSymlink    = fs.ModeSymlink
	ModeDevice     = fs.ModeDevice
	ModeNamedPipe  = fs.ModeNamedPipe
	ModeSocket     = fs.ModeSocket
	ModeSetuid     = fs.ModeSetuid
	ModeSetgid     = fs.ModeSetgid
	ModeCharDevice = fs.ModeCharDevice
	ModeSticky     = fs.ModeSticky
	ModeIrregular  = fs.ModeIrregular
	ModeType       = fs.ModeType
	ModePerm       = fs.ModePerm
)

var (
	ErrInvalid          = fs.ErrInvalid
	ErrPermission       = fs.ErrPermission
	ErrExist            = fs.ErrExist
	ErrNotExist         = fs.ErrNotExist
	ErrClosed           = fs.ErrClosed
	ErrProcessDone      = errors.New("os: process already finished")
	ErrDeadlineExceeded = poll.ErrDeadlineExceeded
)

const (
	errEOF        = -1
	errClosed     = -2
	errTimeout    = -3
	errNoDeadline = -4
	errAgain      = 11 // EAGAIN: a non-blocking pipe is empty or full
)

// errnoErr is the error of a native's errno.
func errnoErr(e int) error {
	switch e {
	case 0:
		return nil
	case errEOF:
		return io.EOF
	case errClosed:
		return ErrClosed
	case errTimeout:
		return ErrDeadlineExceeded
	case errNoDeadline:
		return ErrNoDeadline
	}
	return syscall.Errno(e)
}

func pathErr(op, path string, e int) error {
	if e == errEOF {
		return io.EOF
	}
	return &PathError{Op: op, Path: path, Err: errnoErr(e)}
}

var (
	Stdin  = &File{fd: 0, name: "/dev/stdin"}
	Stdout = &File{fd: 1, name: "/dev/stdout"}
	Stderr = &File{fd: 2, name: "/dev/stderr"}
)

var Args []string = runtimeArgs()

func runtimeArgs() []string

func Exit(code int)

// Getenv returns the value of the environment variable key, or "".
func Getenv(key string) string {
	v, _ := LookupEnv(key)
	return v
}

// LookupEnv returns the value of the environment variable key and
// whether it is set.
func LookupEnv(key string) (string, bool)

func sysSetenv(key, value string)

// Setenv sets the environment variable key.
func Setenv(key, value string) error {
	if len(key) == 0 {
		return NewSyscallError("setenv", syscall.EINVAL)
	}
	for i := 0; i < len(key); i++ {
		if key[i] == '=' || key[i] == 0 {
			return NewSyscallError("setenv", syscall.EINVAL)
		}
	}
	for i := 0; i < len(value); i++ {
		if value[i] == 0 {
			return NewSyscallError("setenv", syscall.EINVAL)
		}
	}
	sysSetenv(key, value)
	return nil
}

// Unsetenv unsets the environment variable key.
func Unsetenv(key string) error

// Clearenv deletes all environment variables.
func Clearenv()

// Environ returns the environment as "key=value" strings.
func Environ() []string

// ExpandEnv replaces ${var} or $var in s by the variable's value.
func ExpandEnv(s string) string { return Expand(s, Getenv) }

// Expand replaces ${var} or $var in s by mapping(var).
func Expand(s string, mapping func(string) string) string {
	var buf []byte
	i := 0
	for j := 0; j < len(s); j++ {
		if s[j] == '$' && j+1 < len(s) {
			if buf == nil {
				buf = make([]byte, 0, 2*len(s))
			}
			buf = append(buf, s[i:j]...)
			name, w := shellVar(s[j+1:])
			if name == "" && w > 0 {
				// a bad ${...}: drop it
			} else if name == "" {
				buf = append(buf, s[j])
			} else {
				buf = append(buf, mapping(name)...)
			}
			j += w
			i = j + 1
		}
	}
	if buf == nil {
		return s
	}
	return string(buf) + s[i:]
}

func isShellSpecial(c byte) bool {
	switch c {
	case '*', '#', '$', '@', '!', '?', '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return true
	}
	return false
}

func isAlnum(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// shellVar returns the variable name at the start of s (after a '$') and
// how many bytes it took.
func shellVar(s string) (string, int) {
	switch {
	case s[0] == '{':
		if len(s) > 2 && isShellSpecial(s[1]) && s[2] == '}' {
			return s[1:2], 3
		}
		for i := 1; i < len(s); i++ {
			if s[i] == '}' {
				if i == 1 {
					return "", 2 // "${}" is dropped
				}
				return s[1:i], i + 1
			}
		}
		return "", 1 // no closing brace: the '{' is dropped
	case isShellSpecial(s[0]):
		return s[0:1], 1
	}
	var i int
	for i = 0; i < len(s) && isAlnum(s[i]); i++ {
	}
	return s[:i], i
}

// SyscallError records an error from a system call.
type SyscallError struct {
	Syscall string
	Err     error
}

func (e *SyscallError) Error() string { return e.Syscall + ": " + e.Err.Error() }

func (e *SyscallError) Unwrap() error { return e.Err }

// Timeout reports whether this error represents a timeout.
func (e *SyscallError) Timeout() bool {
	t, ok := e.Err.(interface{ Timeout() bool })
	return ok && t.Timeout()
}

// NewSyscallError returns a *SyscallError, or nil if err is nil.
func NewSyscallError(syscall string, err error) error {
	if err == nil {
		return nil
	}
	return &SyscallError{syscall, err}
}


func sysRead(fd int, b []byte) (int, int)
func sysWrite(fd int, b []byte) (int, int)
func sysPread(fd int, b []byte, off int64) (int, int)
func sysPwrite(fd int, b []byte, off int64) (int, int)
func sysSeek(fd int, offset int64, whence int) (int64, int)
func sysClose(fd int) int
func sysWaitFd(fd int, mode int) int
func sysSetDeadline(fd int, unixNanos int64, mode int) int
func sysOpen(name string, flag int, perm uint32) (int, int)
func sysReadFile(name string) (data []byte, errno int, inRead bool)
func sysWriteFile(name string, data []byte, perm uint32) int
func sysRemove(name string) int
func sysRemoveDir(name string) int
func sysRename(from, to string) int
func sysMkdir(name string, perm uint32) int
func sysStat(name string, follow bool) (size int64, mode uint32, sec int64, nsec int64, errno int)
func sysFstat(fd int) (size int64, mode uint32, sec int64, nsec int64, errno int)
func sysReadDir(name string) (names []string, modes []int, errno int)
func sysChdir(dir string) int
func sysGetwd() (string, int)
func sysChmod(name string, mode uint32) int
func sysChtimes(name string, asec, ansec, msec, mnsec int64) int
func sysTruncate(name string, size int64) int
func sysFtruncate(fd int, size int64) int
func sysFsync(fd int) int
func sysSymlink(oldname, newname string) int
func sysLink(oldname, newname string) int
func sysReadlink(name string) (string, int)
func sysHostname() (string, int)
func sysRandom() uint32

const (
	O_RDONLY int = 0x0
	O_WRONLY int = 0x1
	O_RDWR   int = 0x2
	O_APPEND int = 0x400
	O_CREATE int = 0x40
	O_EXCL   int = 0x80
	O_SYNC   int = 0x101000
	O_TRUNC  int = 0x200
)

const (
	SEEK_SET int = 0
	SEEK_CUR int = 1
	SEEK_END int = 2
)

const (
	PathSeparator     = '/'
	PathListSeparator = ':'
	DevNull           = "/dev/null"
)

// syscallMode is perm with Go's setuid/setgid/sticky bits moved to
// Unix's.
func syscallMode(m FileMode) uint32 {
	o := uint32(m.Perm())
	if m&ModeSetuid != 0 {
		o |= 0o4000
	}
	if m&ModeSetgid != 0 {
		o |= 0o2000
	}
	if m&ModeSticky != 0 {
		o |= 0o1000
	}
	return o
}

func (f *File) checkValid(op string) error {
	if f == nil {
		return ErrInvalid
	}
	return nil
}

func (f *File) Read(b []byte) (n int, err error) {
	if err := f.checkValid("read"); err != nil {
		return 0, err
	}
	for {
		n, e := sysRead(f.fd, b)
		if e == errAgain {
			// A pipe on the poller: wait without holding a thread.
			if e = sysWaitFd(f.fd, 1); e == 0 {
				continue
			}
		}
		if e != 0 {
			return n, f.wrapErr("read", e)
		}
		return n, nil
	}
}

func (f *File) wrapErr(op string, e int) error {
	if e == errEOF {
		return io.EOF
	}
	return &PathError{Op: op, Path: f.name, Err: errnoErr(e)}
}

func (f *File) Write(b []byte) (n int, err error) {
	if err := f.checkValid("write"); err != nil {
		return 0, err
	}
	for {
		m, e := sysWrite(f.fd, b)
		n += m
		b = b[m:]
		if e == errAgain {
			if e = sysWaitFd(f.fd, 2); e == 0 {
				continue
			}
		}
		if e != 0 {
			return n, f.wrapErr("write", e)
		}
		return n, nil
	}
}

func (f *File) WriteString(s string) (n int, err error) {
	return f.Write([]byte(s))
}

// ReadAt reads len(b) bytes from offset off; fewer only with an error
// (io.EOF at the end of the file).
func (f *File) ReadAt(b []byte, off int64) (n int, err error) {
	if err := f.checkValid("read"); err != nil {
		return 0, err
	}
	if off < 0 {
		return 0, &PathError{Op: "readat", Path: f.name, Err: errors.New("negative offset")}
	}
	for len(b) > 0 {
		m, e := sysPread(f.fd, b, off)
		if e != 0 {
			err = f.wrapErr("read", e)
			break
		}
		n += m
		b = b[m:]
		off += int64(m)
	}
	return
}

// WriteAt writes b at offset off.
func (f *File) WriteAt(b []byte, off int64) (n int, err error) {
	if err := f.checkValid("write"); err != nil {
		return 0, err
	}
	if off < 0 {
		return 0, &PathError{Op: "writeat", Path: f.name, Err: errors.New("negative offset")}
	}
	n, e := sysPwrite(f.fd, b, off)
	if e != 0 {
		return n, f.wrapErr("write", e)
	}
	return n, nil
}

// Seek sets the offset of the next Read or Write: relative to the start
// (io.SeekStart), the current offset or the end.
func (f *File) Seek(offset int64, whence int) (ret int64, err error) {
	if err := f.checkValid("seek"); err != nil {
		return 0, err
	}
	r, e := sysSeek(f.fd, offset, whence)
	if e != 0 {
		return 0, f.wrapErr("seek", e)
	}
	return r, nil
}

func (f *File) Close() error {
	if f == nil {
		return ErrInvalid
	}
	if e := sysClose(f.fd); e != 0 {
		return f.wrapErr("close", e)
	}
	return nil
}

func (f *File) Name() string { return f.name }

func (f *File) Fd() uintptr { return uintptr(f.fd) }

func (f *File) Sync() error {
	if err := f.checkValid("sync"); err != nil {
		return err
	}
	if e := sysFsync(f.fd); e != 0 {
		return f.wrapErr("sync", e)
	}
	return nil
}

func (f *File) Truncate(size int64) error {
	if err := f.checkValid("truncate"); err != nil {
		return err
	}
	if e := sysFtruncate(f.fd, size); e != 0 {
		return f.wrapErr("truncate", e)
	}
	return nil
}

func (f *File) Chmod(mode FileMode) error {
	if err := f.checkValid("chmod"); err != nil {
		return err
	}
	if e := sysChmod(f.name, syscallMode(mode)); e != 0 {
		return f.wrapErr("chmod", e)
	}
	return nil
}

// Stat returns the FileInfo of the open file.
func (f *File) Stat() (FileInfo, error) {
	if f == nil {
		return nil, ErrInvalid
	}
	size, mode, sec, nsec, e := sysFstat(f.fd)
	if e != 0 {
		return nil, f.wrapErr("stat", e)
	}
	return &fileStat{basename(f.name), size, FileMode(mode), time.Unix(sec, nsec)}, nil
}

// ReadDir lists the directory (all of it for n <= 0, else at most n
// entries, then io.EOF), sorted by name.
func (f *File) ReadDir(n int) ([]DirEntry, error) {
	if f == nil {
		return nil, ErrInvalid
	}
	if !f.dirRead {
		f.dirRead = true
		list, err := readDir(f.name, "readdirent")
		if err != nil {
			return list, err
		}
		f.dirRest = list
	}
	// n <= 0: every entry left, at once; n > 0: at most n, and io.EOF
	// once none is left.
	if n <= 0 {
		rest := f.dirRest
		f.dirRest = nil
		if rest == nil {
			rest = []DirEntry{}
		}
		return rest, nil
	}
	if len(f.dirRest) == 0 {
		return nil, io.EOF
	}
	n = min(n, len(f.dirRest))
	out := f.dirRest[:n:n]
	f.dirRest = f.dirRest[n:]
	return out, nil
}

// Readdirnames lists the names in the directory.
func (f *File) Readdirnames(n int) (names []string, err error) {
	list, err := f.ReadDir(n)
	for _, d := range list {
		names = append(names, d.Name())
	}
	if names == nil && err == nil {
		names = []string{}
	}
	return names, err
}

// Readdir lists the directory's FileInfos.
func (f *File) Readdir(n int) ([]FileInfo, error) {
	list, err := f.ReadDir(n)
	infos := []FileInfo{}
	for _, d := range list {
		info, e := d.Info()
		if e != nil {
			continue
		}
		infos = append(infos, info)
	}
	return infos, err
}

// ReadFrom copies r into the file.
func (f *File) ReadFrom(r io.Reader) (n int64, err error) {
	buf := make([]byte, 32*1024)
	for {
		m, rerr := r.Read(buf)
		if m > 0 {
			w, werr := f.Write(buf[:m])
			n += int64(w)
			if werr != nil {
				return n, werr
			}
		}
		if rerr == io.EOF {
			return n, nil
		}
		if rerr != nil {
			return n, rerr
		}
	}
}

// WriteTo copies the rest of the file to w.
func (f *File) WriteTo(w io.Writer) (n int64, err error) {
	buf := make([]byte, 32*1024)
	for {
		m, rerr := f.Read(buf)
		if m > 0 {
			k, werr := w.Write(buf[:m])
			n += int64(k)
			if werr != nil {
				return n, werr
			}
		}
		if rerr == io.EOF {
			return n, nil
		}
		if rerr != nil {
			return n, rerr
		}
	}
}

func OpenFile(name string, flag int, perm FileMode) (*File, error) {
	fd, e := sysOpen(name, flag, syscallMode(perm))
	if e != 0 {
		return nil, pathErr("open", name, e)
	}
	return &File{fd: fd, name: name}, nil
}

func Open(name string) (*File, error) {
	return OpenFile(name, O_RDONLY, 0)
}

func Create(name string) (*File, error) {
	return OpenFile(name, O_RDWR|O_CREATE|O_TRUNC, 0666)
}

func ReadFile(name string) ([]byte, error) {
	data, e, inRead := sysReadFile(name)
	if e != 0 {
		if inRead {
			return nil, pathErr("read", name, e)
		}
		return nil, pathErr("open", name, e)
	}
	return data, nil
}

func WriteFile(name string, data []byte, perm FileMode) error {
	if e := sysWriteFile(name, data, syscallMode(perm)); e != 0 {
		return pathErr("open", name, e)
	}
	return nil
}

// Remove removes the named file or (empty) directory.
func Remove(name string) error {
	if e := sysRemove(name); e != 0 {
		return pathErr("remove", name, e)
	}
	return nil
}

// RemoveAll removes path and everything it contains; a path that does
// not exist is not an error.
func RemoveAll(path string) error {
	if path == "" {
		return nil
	}
	if path == "." || len(path) >= 2 && path[len(path)-2:] == "/." {
		return &PathError{Op: "RemoveAll", Path: path, Err: syscall.EINVAL}
	}
	err := Remove(path)
	if err == nil || IsNotExist(err) {
		return nil
	}
	info, serr := Lstat(path)
	if serr != nil {
		if IsNotExist(serr) {
			return nil
		}
		return serr
	}
	if !info.IsDir() {
		return err
	}
	names, _, e := sysReadDir(path)
	if e != 0 {
		if e == int(syscall.ENOENT) {
			return nil
		}
		return pathErr("open", path, e)
	}
	var first error
	for _, n := range names {
		if err := RemoveAll(path + "/" + n); err != nil && first == nil {
			first = err
		}
	}
	if e := sysRemoveDir(path); e != 0 && e != int(syscall.ENOENT) {
		if first == nil {
			first = pathErr("unlinkat", path, e)
		}
	}
	return first
}

// Rename renames (moves) oldpath to newpath.
func Rename(oldpath, newpath string) error {
	if e := sysRename(oldpath, newpath); e != 0 {
		return &LinkError{"rename", oldpath, newpath, syscall.Errno(e)}
	}
	return nil
}

// A LinkError records an error during a link, symlink or rename.
type LinkError struct {
	Op  string
	Old string
	New string
	Err error
}

func (e *LinkError) Error() string { return e.Op + " " + e.Old + " " + e.New + ": " + e.Err.Error() }

func (e *LinkError) Unwrap() error { return e.Err }

func Symlink(oldname, newname string) error {
	if e := sysSymlink(oldname, newname); e != 0 {
		return &LinkError{"symlink", oldname, newname, syscall.Errno(e)}
	}
	return nil
}

func Link(oldname, newname string) error {
	if e := sysLink(oldname, newname); e != 0 {
		return &LinkError{"link", oldname, newname, syscall.Errno(e)}
	}
	return nil
}

func Readlink(name string) (string, error) {
	s, e := sysReadlink(name)
	if e != 0 {
		return "", pathErr("readlink", name, e)
	}
	return s, nil
}

func Chmod(name string, mode FileMode) error {
	if e := sysChmod(name, syscallMode(mode)); e != 0 {
		return pathErr("chmod", name, e)
	}
	return nil
}

// Chtimes changes the access and modification times of the named file.
func Chtimes(name string, atime time.Time, mtime time.Time) error {
	if e := sysChtimes(name, atime.Unix(), int64(atime.Nanosecond()), mtime.Unix(), int64(mtime.Nanosecond())); e != 0 {
		return pathErr("chtimes", name, e)
	}
	return nil
}

func Truncate(name string, size int64) error {
	if e := sysTruncate(name, size); e != 0 {
		return pathErr("truncate", name, e)
	}
	return nil
}

// Mkdir creates a directory with permission bits perm (before umask).
func Mkdir(name string, perm FileMode) error {
	if e := sysMkdir(name, syscallMode(perm)); e != 0 {
		return pathErr("mkdir", name, e)
	}
	return nil
}

// MkdirAll creates a directory and any parents it needs; an existing
// directory is not an error.
func MkdirAll(path string, perm FileMode) error {
	if dir, err := Stat(path); err == nil {
		if dir.IsDir() {
			return nil
		}
		return &PathError{Op: "mkdir", Path: path, Err: syscall.ENOTDIR}
	}
	i := len(path)
	for i > 0 && path[i-1] == '/' {
		i--
	}
	j := i
	for j > 0 && path[j-1] != '/' {
		j--
	}
	if j > 1 {
		if err := MkdirAll(path[:j-1], perm); err != nil {
			return err
		}
	}
	err := Mkdir(path, perm)
	if err != nil {
		if dir, err1 := Lstat(path); err1 == nil && dir.IsDir() {
			return nil
		}
		return err
	}
	return nil
}

// TempDir returns $TMPDIR, or /tmp.
func TempDir() string {
	dir := Getenv("TMPDIR")
	if dir == "" {
		dir = "/tmp"
	}
	return dir
}

// UserHomeDir returns $HOME.
func UserHomeDir() (string, error) {
	if v := Getenv("HOME"); v != "" {
		return v, nil
	}
	return "", errors.New("$HOME is not defined")
}

func nextRandom() string {
	return uitoa(uint(sysRandom()))
}

func uitoa(v uint) string {
	var b [20]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + v%10)
		v /= 10
		if v == 0 {
			return string(b[i:])
		}
	}
}

// prefixAndSuffix splits a temp-name pattern at its last '*'.
func prefixAndSuffix(pattern string) (prefix, suffix string, err error) {
	for i := 0; i < len(pattern); i++ {
		if pattern[i] == '/' {
			return "", "", errors.New("pattern contains path separator")
		}
	}
	for i := len(pattern) - 1; i >= 0; i-- {
		if pattern[i] == '*' {
			return pattern[:i], pattern[i+1:], nil
		}
	}
	return pattern, "", nil
}

func joinPath(dir, name string) string {
	if len(dir) > 0 && dir[len(dir)-1] == '/' {
		return dir + name
	}
	return dir + "/" + name
}

// CreateTemp creates a new file in dir (TempDir() if "") named by
// pattern with its last '*' replaced by a random string, open for
// reading and writing.
func CreateTemp(dir, pattern string) (*File, error) {
	if dir == "" {
		dir = TempDir()
	}
	prefix, suffix, err := prefixAndSuffix(pattern)
	if err != nil {
		return nil, &PathError{Op: "createtemp", Path: pattern, Err: err}
	}
	prefix = joinPath(dir, prefix)
	for try := 0; ; try++ {
		name := prefix + nextRandom() + suffix
		f, err := OpenFile(name, O_RDWR|O_CREATE|O_EXCL, 0600)
		if IsExist(err) {
			if try < 10000 {
				continue
			}
			return nil, &PathError{Op: "createtemp", Path: prefix + "*" + suffix, Err: ErrExist}
		}
		return f, err
	}
}

// MkdirTemp creates a new directory in dir (TempDir() if "") named by
// pattern as CreateTemp names files, and returns its name.
func MkdirTemp(dir, pattern string) (string, error) {
	if dir == "" {
		dir = TempDir()
	}
	prefix, suffix, err := prefixAndSuffix(pattern)
	if err != nil {
		return "", &PathError{Op: "mkdirtemp", Path: pattern, Err: err}
	}
	prefix = joinPath(dir, prefix)
	for try := 0; ; try++ {
		name := prefix + nextRandom() + suffix
		err := Mkdir(name, 0700)
		if err == nil {
			return name, nil
		}
		if IsExist(err) {
			if try < 10000 {
				continue
			}
			return "", &PathError{Op: "mkdirtemp", Path: dir + "/" + prefix + "*" + suffix, Err: ErrExist}
		}
		if IsNotExist(err) {
			if _, err := Stat(dir); IsNotExist(err) {
				return "", err
			}
		}
		return "", err
	}
}

// fileStat is the FileInfo of Stat, Lstat and File.Stat.
type fileStat struct {
	name    string
	size    int64
	mode    FileMode
	modTime time.Time
}

func (fs *fileStat) Name() string       { return fs.name }
func (fs *fileStat) Size() int64        { return fs.size }
func (fs *fileStat) Mode() FileMode     { return fs.mode }
func (fs *fileStat) ModTime() time.Time { return fs.modTime }
func (fs *fileStat) IsDir() bool        { return fs.mode.IsDir() }
func (fs *fileStat) Sys() any           { return nil }

func basename(name string) string {
	i := len(name) - 1
	for i > 0 && name[i] == '/' {
		name = name[0:i]
		i--
	}
	for i--; i >= 0; i-- {
		if name[i] == '/' {
			name = name[i+1:]
			break
		}
	}
	return name
}

func stat(op, name string, follow bool) (FileInfo, error) {
	size, mode, sec, nsec, e := sysStat(name, follow)
	if e != 0 {
		return nil, pathErr(op, name, e)
	}
	return &fileStat{basename(name), size, FileMode(mode), time.Unix(sec, nsec)}, nil
}

// Stat returns the FileInfo of the named file, following symbolic links.
func Stat(name string) (FileInfo, error) { return stat("stat", name, true) }

// Lstat returns the FileInfo of the named file; a symbolic link is
// described, not followed.
func Lstat(name string) (FileInfo, error) { return stat("lstat", name, false) }

// SameFile reports whether two FileInfos describe the same file (here:
// the same name, size, mode and time).
func SameFile(fi1, fi2 FileInfo) bool {
	a, ok1 := fi1.(*fileStat)
	b, ok2 := fi2.(*fileStat)
	return ok1 && ok2 && *a == *b
}

// dirEntry is an entry of ReadDir: its type is known, its FileInfo is
// read on demand.
type dirEntry struct {
	dir  string
	name string
	typ  FileMode
}

func (d *dirEntry) Name() string      { return d.name }
func (d *dirEntry) IsDir() bool       { return d.typ.IsDir() }
func (d *dirEntry) Type() FileMode    { return d.typ }
func (d *dirEntry) String() string    { return fs.FormatDirEntry(d) }
func (d *dirEntry) Info() (FileInfo, error) { return Lstat(d.dir + "/" + d.name) }

func readDir(name, op string) ([]DirEntry, error) {
	names, modes, e := sysReadDir(name)
	if e != 0 {
		return []DirEntry{}, pathErr(op, name, e)
	}
	list := make([]DirEntry, len(names))
	for i, n := range names {
		list[i] = &dirEntry{name, n, FileMode(modes[i])}
	}
	return list, nil
}

// ReadDir lists the named directory, sorted by file name.
func ReadDir(name string) ([]DirEntry, error) {
	list, err := readDir(name, "open")
	if err != nil {
		return []DirEntry{}, err
	}
	return list, nil
}

// Getwd returns the current directory.
func Getwd() (dir string, err error) {
	d, e := sysGetwd()
	if e != 0 {
		return "", NewSyscallError("getwd", syscall.Errno(e))
	}
	return d, nil
}

// Chdir changes the current directory (of the whole process).
func Chdir(dir string) error {
	if e := sysChdir(dir); e != 0 {
		return pathErr("chdir", dir, e)
	}
	return nil
}

// Hostname returns the host name the kernel reports.
func Hostname() (name string, err error) {
	h, e := sysHostname()
	if e != 0 {
		return "", NewSyscallError("uname", syscall.Errno(e))
	}
	return h, nil
}

func Getpid() int      { return syscall.Getpid() }
func Getppid() int     { return syscall.Getppid() }
func Getuid() int      { return syscall.Getuid() }
func Geteuid() int     { return syscall.Geteuid() }
func Getgid() int      { return syscall.Getgid() }
func Getegid() int     { return syscall.Getegid() }
func Getpagesize() int { return syscall.Getpagesize() }

func underlyingErrorIs(err, target error) bool {
	if err == target {
		return true
	}
	e, ok := err.(syscall.Errno)
	return ok && e.Is(target)
}

func underlyingError(err error) error {
	switch err := err.(type) {
	case *PathError:
		return err.Err
	case *LinkError:
		return err.Err
	case *SyscallError:
		return err.Err
	}
	return err
}

// IsExist reports whether err says a file already exists (it does not
// unwrap beyond os's own error types, as in Go).
func IsExist(err error) bool { return underlyingErrorIs(underlyingError(err), ErrExist) }

func IsNotExist(err error) bool { return underlyingErrorIs(underlyingError(err), ErrNotExist) }

func IsPermission(err error) bool { return underlyingErrorIs(underlyingError(err), ErrPermission) }

func IsTimeout(err error) bool {
	t, ok := underlyingError(err).(interface{ Timeout() bool })
	return ok && t.Timeout()
}

// DirFS returns the file system (fs.FS) of the tree rooted at dir.
func DirFS(dir string) fs.FS { return dirFS(dir) }

type dirFS string

func (dir dirFS) join(op, name string) (string, error) {
	if !fs.ValidPath(name) {
		return "", &PathError{Op: op, Path: name, Err: ErrInvalid}
	}
	if name == "." {
		return string(dir), nil
	}
	return string(dir) + "/" + name, nil
}

func (dir dirFS) Open(name string) (fs.File, error) {
	full, err := dir.join("open", name)
	if err != nil {
		return nil, err
	}
	f, err := Open(full)
	if err != nil {
		err.(*PathError).Path = name
		return nil, err
	}
	return f, nil
}

func (dir dirFS) ReadFile(name string) ([]byte, error) {
	full, err := dir.join("readfile", name)
	if err != nil {
		return nil, err
	}
	b, err := ReadFile(full)
	if err != nil {
		if pe, ok := err.(*PathError); ok {
			pe.Path = name
		}
		return nil, err
	}
	return b, nil
}

func (dir dirFS) ReadDir(name string) ([]DirEntry, error) {
	full, err := dir.join("readdir", name)
	if err != nil {
		return nil, err
	}
	list, err := ReadDir(full)
	if err != nil {
		if pe, ok := err.(*PathError); ok {
			pe.Path = name
		}
		return nil, err
	}
	return list, nil
}

func (dir dirFS) Stat(name string) (FileInfo, error) {
	full, err := dir.join("stat", name)
	if err != nil {
		return nil, err
	}
	f, err := Stat(full)
	if err != nil {
		err.(*PathError).Path = name
		return nil, err
	}
	return f, nil
}

// IsPathSeparator reports whether c is a directory separator ('/').
func IsPathSeparator(c uint8) bool { return c == PathSeparator }

// ReadLink is the target of the symbolic link name (fs.ReadLinkFS).
func (dir dirFS) ReadLink(name string) (string, error) {
	full, err := dir.join("readlink", name)
	if err != nil {
		return "", err
	}
	s, err := Readlink(full)
	if err != nil {
		if pe, ok := err.(*PathError); ok {
			pe.Path = name
		}
		return "", err
	}
	return s, nil
}

// Lstat describes name without following a final link (fs.ReadLinkFS).
func (dir dirFS) Lstat(name string) (FileInfo, error) {
	full, err := dir.join("lstat", name)
	if err != nil {
		return nil, err
	}
	f, err := Lstat(full)
	if err != nil {
		if pe, ok := err.(*PathError); ok {
			pe.Path = name
		}
		return nil, err
	}
	return f, nil
}
