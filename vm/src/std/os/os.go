// Package os as minigo sees it. System calls are native and report
// failure as an errno text ("" = success, "EOF" = end of file); the Go
// wrappers build Go's error values (*fs.PathError prints as *os.PathError
// here).
package os

import (
	"errors"
	"io"
)

type File struct {
	fd   int
	name string
}

type FileMode uint32

type PathError struct {
	Op   string
	Path string
	Err  error
}

func (e *PathError) Error() string {
	return e.Op + " " + e.Path + ": " + e.Err.Error()
}

func (e *PathError) Unwrap() error {
	return e.Err
}

var (
	ErrNotExist = errors.New("file does not exist")
	ErrExist    = errors.New("file already exists")
	ErrClosed   = errors.New("file already closed")
)

// errno is a system call error: its text is the C library's, and it
// matches ErrNotExist/ErrExist under errors.Is, as syscall.Errno does.
type errno struct {
	msg string
}

func (e *errno) Error() string { return e.msg }

func (e *errno) Is(target error) bool {
	switch target {
	case ErrNotExist:
		return e.msg == "no such file or directory"
	case ErrExist:
		return e.msg == "file exists"
	}
	return false
}

func sysRemove(name string) string

// Remove removes the named file or (empty) directory.
func Remove(name string) error {
	if msg := sysRemove(name); msg != "" {
		return pathError("remove", name, msg)
	}
	return nil
}

var (
	Stdin  = &File{0, "/dev/stdin"}
	Stdout = &File{1, "/dev/stdout"}
	Stderr = &File{2, "/dev/stderr"}
)

var Args []string = runtimeArgs()

func runtimeArgs() []string

func Exit(code int)
func Getenv(key string) string

func sysRead(fd int, b []byte) (int, string)
func sysWrite(fd int, b []byte) (int, string)
func sysClose(fd int) string
func sysOpen(name string, flag int, perm FileMode) (int, string)
func sysReadFile(name string) ([]byte, string)
func sysWriteFile(name string, data []byte, perm FileMode) string

const (
	O_RDONLY int = 0x0
	O_WRONLY int = 0x1
	O_RDWR   int = 0x2
	O_APPEND int = 0x400
	O_CREATE int = 0x40
	O_EXCL   int = 0x80
	O_TRUNC  int = 0x200
)

func pathError(op, path, msg string) error {
	if msg == "file already closed" {
		return &PathError{op, path, ErrClosed}
	}
	return &PathError{op, path, &errno{msg}}
}

func (f *File) Read(b []byte) (n int, err error) {
	n, msg := sysRead(f.fd, b)
	if msg == "EOF" {
		return n, io.EOF
	}
	if msg != "" {
		return n, pathError("read", f.name, msg)
	}
	return n, nil
}

func (f *File) Write(b []byte) (n int, err error) {
	n, msg := sysWrite(f.fd, b)
	if msg != "" {
		return n, pathError("write", f.name, msg)
	}
	return n, nil
}

func (f *File) WriteString(s string) (n int, err error) {
	return f.Write([]byte(s))
}

func (f *File) Close() error {
	if msg := sysClose(f.fd); msg != "" {
		return pathError("close", f.name, msg)
	}
	return nil
}

func (f *File) Name() string {
	return f.name
}

func (f *File) Fd() uintptr {
	return uintptr(f.fd)
}

func OpenFile(name string, flag int, perm FileMode) (*File, error) {
	fd, msg := sysOpen(name, flag, perm)
	if msg != "" {
		return nil, pathError("open", name, msg)
	}
	return &File{fd, name}, nil
}

func Open(name string) (*File, error) {
	return OpenFile(name, O_RDONLY, 0)
}

func Create(name string) (*File, error) {
	return OpenFile(name, O_RDWR|O_CREATE|O_TRUNC, 0666)
}

func ReadFile(name string) ([]byte, error) {
	data, msg := sysReadFile(name)
	if msg != "" {
		return nil, pathError("open", name, msg)
	}
	return data, nil
}

func WriteFile(name string, data []byte, perm FileMode) error {
	if msg := sysWriteFile(name, data, perm); msg != "" {
		return pathError("open", name, msg)
	}
	return nil
}
