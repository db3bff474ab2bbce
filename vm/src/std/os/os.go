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
		return NewSyscallError("setenv", &errno{"invalid argument"})
	}
	for i := 0; i < len(key); i++ {
		if key[i] == '=' || key[i] == 0 {
			return NewSyscallError("setenv", &errno{"invalid argument"})
		}
	}
	for i := 0; i < len(value); i++ {
		if value[i] == 0 {
			return NewSyscallError("setenv", &errno{"invalid argument"})
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

// NewSyscallError returns a *SyscallError, or nil if err is nil.
func NewSyscallError(syscall string, err error) error {
	if err == nil {
		return nil
	}
	return &SyscallError{syscall, err}
}

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
