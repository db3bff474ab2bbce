// Package syscall as minigo provides it: Linux's errno values and
// signals, and the process ids. The system calls themselves are os's
// natives.
package syscall

import (
	"errors"
	"internal/oserror"
)

// An Errno is a Linux error number.
type Errno uintptr

// errstr is native: the C library's text, as Go spells it.
func errstr(e int) string

func (e Errno) Error() string {
	if e == 0 {
		return "errno 0" // Go's table has no text for 0
	}
	if s := errstr(int(e)); s != "" {
		return s
	}
	return "errno " + itoa(int(e))
}

// Is lets errors.Is match an Errno against io/fs's errors.
func (e Errno) Is(target error) bool {
	switch target {
	case oserror.ErrPermission:
		return e == EACCES || e == EPERM
	case oserror.ErrExist:
		return e == EEXIST || e == ENOTEMPTY
	case oserror.ErrNotExist:
		return e == ENOENT
	case errors.ErrUnsupported:
		return e == ENOSYS || e == ENOTSUP || e == EOPNOTSUPP
	}
	return false
}

func (e Errno) Temporary() bool {
	return e == EINTR || e == EMFILE || e == ENFILE || e.Timeout()
}

func (e Errno) Timeout() bool {
	return e == EAGAIN || e == EWOULDBLOCK || e == ETIMEDOUT
}

const (
	EPERM       Errno = 0x1
	ENOENT      Errno = 0x2
	ESRCH       Errno = 0x3
	EINTR       Errno = 0x4
	EIO         Errno = 0x5
	ENXIO       Errno = 0x6
	E2BIG       Errno = 0x7
	ENOEXEC     Errno = 0x8
	EBADF       Errno = 0x9
	ECHILD      Errno = 0xa
	EAGAIN      Errno = 0xb
	ENOMEM      Errno = 0xc
	EACCES      Errno = 0xd
	EFAULT      Errno = 0xe
	EBUSY       Errno = 0x10
	EEXIST      Errno = 0x11
	EXDEV       Errno = 0x12
	ENODEV      Errno = 0x13
	ENOTDIR     Errno = 0x14
	EISDIR      Errno = 0x15
	EINVAL      Errno = 0x16
	ENFILE      Errno = 0x17
	EMFILE      Errno = 0x18
	ENOTTY      Errno = 0x19
	EFBIG       Errno = 0x1b
	ENOSPC      Errno = 0x1c
	ESPIPE      Errno = 0x1d
	EROFS       Errno = 0x1e
	EMLINK      Errno = 0x1f
	EPIPE       Errno = 0x20
	EDOM        Errno = 0x21
	ERANGE      Errno = 0x22
	EDEADLK     Errno = 0x23
	ENAMETOOLONG Errno = 0x24
	ENOSYS      Errno = 0x26
	ENOTEMPTY   Errno = 0x27
	ELOOP       Errno = 0x28
	EWOULDBLOCK Errno = 0xb
	ENOTSUP     Errno = 0x5f
	EOPNOTSUPP  Errno = 0x5f
	EADDRINUSE  Errno = 0x62
	EADDRNOTAVAIL Errno = 0x63
	ENETDOWN    Errno = 0x64
	ENETUNREACH Errno = 0x65
	ENETRESET   Errno = 0x66
	ECONNABORTED Errno = 0x67
	ECONNRESET  Errno = 0x68
	ENOBUFS     Errno = 0x69
	EISCONN     Errno = 0x6a
	ENOTCONN    Errno = 0x6b
	ESHUTDOWN   Errno = 0x6c
	ETIMEDOUT   Errno = 0x6e
	ECONNREFUSED Errno = 0x6f
	EHOSTDOWN   Errno = 0x70
	EHOSTUNREACH Errno = 0x71
	EALREADY    Errno = 0x72
	EINPROGRESS Errno = 0x73
	EAFNOSUPPORT Errno = 0x61
	EPROTONOSUPPORT Errno = 0x5d
	ESOCKTNOSUPPORT Errno = 0x5e
	EPFNOSUPPORT Errno = 0x60
	EMSGSIZE Errno = 0x5a
	EDESTADDRREQ Errno = 0x59
	ENOTSOCK Errno = 0x58
	EPROTOTYPE Errno = 0x5b
	ENOPROTOOPT Errno = 0x5c
	ECANCELED Errno = 0x7d
	EOVERFLOW Errno = 0x4b
	ETXTBSY Errno = 0x1a
	ENOTBLK Errno = 0xf
	ESTALE Errno = 0x74
	EDQUOT Errno = 0x7a
	EILSEQ Errno = 0x54
	ENOLCK Errno = 0x25
	EBADMSG Errno = 0x4a
	EPROTO Errno = 0x47
	ETIME Errno = 0x3e
	ENODATA Errno = 0x3d
	ENOMSG Errno = 0x2a
	EIDRM Errno = 0x2b
	ENOLINK Errno = 0x43
	EREMOTE Errno = 0x42
	EOWNERDEAD Errno = 0x82
	ENOTRECOVERABLE Errno = 0x83
	ETOOMANYREFS Errno = 0x6d
	EUSERS Errno = 0x57
	ENOMEDIUM Errno = 0x7b
)

// A Signal is a Unix signal number.
type Signal int

const (
	SIGHUP  Signal = 0x1
	SIGINT  Signal = 0x2
	SIGQUIT Signal = 0x3
	SIGILL  Signal = 0x4
	SIGTRAP Signal = 0x5
	SIGABRT Signal = 0x6
	SIGBUS  Signal = 0x7
	SIGFPE  Signal = 0x8
	SIGKILL Signal = 0x9
	SIGUSR1 Signal = 0xa
	SIGSEGV Signal = 0xb
	SIGUSR2 Signal = 0xc
	SIGPIPE Signal = 0xd
	SIGALRM Signal = 0xe
	SIGTERM Signal = 0xf
	SIGCHLD Signal = 0x11
	SIGCONT Signal = 0x12
	SIGSTOP Signal = 0x13
	SIGTSTP Signal = 0x14
	SIGWINCH Signal = 0x1c
)

var signalNames = [...]string{
	1: "hangup", 2: "interrupt", 3: "quit", 4: "illegal instruction", 5: "trace/breakpoint trap",
	6: "aborted", 7: "bus error", 8: "floating point exception", 9: "killed", 10: "user defined signal 1",
	11: "segmentation fault", 12: "user defined signal 2", 13: "broken pipe", 14: "alarm clock",
	15: "terminated", 16: "stack fault", 17: "child exited", 18: "continued", 19: "stopped (signal)",
	20: "stopped", 21: "stopped (tty input)", 22: "stopped (tty output)", 23: "urgent I/O condition",
	24: "CPU time limit exceeded", 25: "file size limit exceeded", 26: "virtual timer expired",
	27: "profiling timer expired", 28: "window changed", 29: "I/O possible", 30: "power failure",
	31: "bad system call",
}

func (s Signal) Signal() {}

func (s Signal) String() string {
	if 0 <= s && int(s) < len(signalNames) && signalNames[s] != "" {
		return signalNames[s]
	}
	return "signal " + itoa(int(s))
}

func itoa(v int) string {
	if v < 0 {
		return "-" + itoa(-v)
	}
	if v < 10 {
		return string(rune('0' + v))
	}
	return itoa(v/10) + string(rune('0'+v%10))
}

const (
	Stdin  = 0
	Stdout = 1
	Stderr = 2
)

func Getpid() int
func Getppid() int
func Getuid() int
func Geteuid() int
func Getgid() int
func Getegid() int
func Getpagesize() int { return 4096 }

// WaitStatus is a wait(2) status word.
type WaitStatus uint32

const (
	waitMask    = 0x7F
	waitCore    = 0x80
	waitStopped = 0x7F
	waitShift   = 8
)

func (w WaitStatus) Exited() bool    { return w&waitMask == 0 }
func (w WaitStatus) Signaled() bool  { return w&waitMask != waitStopped && w&waitMask != 0 }
func (w WaitStatus) Stopped() bool   { return w&0xFF == waitStopped }
func (w WaitStatus) Continued() bool { return w == 0xFFFF }
func (w WaitStatus) CoreDump() bool  { return w.Signaled() && w&waitCore != 0 }

func (w WaitStatus) ExitStatus() int {
	if !w.Exited() {
		return -1
	}
	return int(w>>waitShift) & 0xFF
}

func (w WaitStatus) Signal() Signal {
	if !w.Signaled() {
		return -1
	}
	return Signal(w & waitMask)
}

func (w WaitStatus) StopSignal() Signal {
	if !w.Stopped() {
		return -1
	}
	return Signal(w>>waitShift) & 0xFF
}

// SysProcAttr holds Linux-specific process attributes; minigo honours
// none of them.
type SysProcAttr struct {
	Setpgid bool
	Pgid    int
	Setsid  bool
	Noctty  bool
}

// Kill sends signal sig to process pid.
func Kill(pid int, sig Signal) error {
	if e := sysKill(pid, int(sig)); e != 0 {
		return Errno(e)
	}
	return nil
}

func sysKill(pid, sig int) int
func sysExec(argv0 string, argv, envv []string) int

// Exec replaces the running program with argv0; it returns only on
// failure. Buffered standard output is flushed first.
func Exec(argv0 string, argv []string, envv []string) error {
	return Errno(sysExec(argv0, argv, envv))
}

// A RawConn is a raw network connection (net's SyscallConn methods).
type RawConn interface {
	// Control calls f with the connection's file descriptor.
	Control(f func(fd uintptr)) error
	// Read calls f until it returns true, waiting for the descriptor to
	// be readable between calls.
	Read(f func(fd uintptr) (done bool)) error
	// Write calls f until it returns true, waiting for the descriptor to
	// be writable between calls.
	Write(f func(fd uintptr) (done bool)) error
}

// Conn is implemented by connections that give access to a RawConn.
type Conn interface {
	SyscallConn() (RawConn, error)
}
