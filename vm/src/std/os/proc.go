// Processes: StartProcess, Process, ProcessState, Pipe and the signals
// os names. A child gets its three standard descriptors from
// ProcAttr.Files; every other descriptor is close-on-exec.
package os

import (
	"errors"
	"strconv"
	"sync"
	"syscall"
	"time"
)

// A Signal is an operating system signal (syscall.Signal on Linux).
type Signal interface {
	String() string
	Signal()
}

var (
	Interrupt Signal = syscall.SIGINT
	Kill      Signal = syscall.SIGKILL
)

// Natives.
func sysPipe() (r, w int, errno int)
func sysStartProcess(name string, argv, envv []string, dir string, fds []int) (pid int, errno int)
func sysWait(pid int) (status int, errno int)
func sysWaitable(pid int) (errno int)
func sysWaitExit(pid int) (errno int)

// Pipe returns a connected pair of Files: reads from r return bytes
// written to w.
func Pipe() (r *File, w *File, err error) {
	rfd, wfd, e := sysPipe()
	if e != 0 {
		return nil, nil, NewSyscallError("pipe2", errnoErr(e))
	}
	return &File{fd: rfd, name: "|0"}, &File{fd: wfd, name: "|1"}, nil
}

// ProcAttr holds the attributes of a new process.
type ProcAttr struct {
	Dir   string
	Env   []string
	Files []*File
	Sys   *syscall.SysProcAttr
}

// Process is a process started by StartProcess or found by FindProcess.
type Process struct {
	Pid int
	// done: the process has exited and Wait reaps or has reaped it. It
	// is set, and read, under sigMu, so that no signal goes to a pid the
	// system may have given to another process, and so that the Signal
	// of another goroutine (exec's context goroutine) happens before
	// Wait's return, as Go's sigMu and atomic state order them.
	done  bool
	sigMu sync.RWMutex
}

func (p *Process) isDone() bool {
	p.sigMu.RLock()
	defer p.sigMu.RUnlock()
	return p.done
}

// setDone marks p done once every Signal under way has sent its signal.
func (p *Process) setDone() {
	p.sigMu.Lock()
	p.done = true
	p.sigMu.Unlock()
}

// StartProcess starts a new process running the program name with
// arguments argv; it does not search PATH (os/exec does).
func StartProcess(name string, argv []string, attr *ProcAttr) (*Process, error) {
	if attr == nil {
		attr = &ProcAttr{}
	}
	env := attr.Env
	if env == nil {
		env = Environ()
	}
	fds := []int{-1, -1, -1}
	for i, f := range attr.Files {
		if i >= 3 {
			break
		}
		if f != nil {
			fds[i] = f.fd
		}
	}
	if attr.Dir != "" {
		if _, err := Stat(attr.Dir); err != nil {
			pe := err.(*PathError)
			pe.Op = "chdir"
			return nil, pe
		}
	}
	pid, e := sysStartProcess(name, argv, env, attr.Dir, fds)
	if e != 0 {
		return nil, &PathError{Op: "fork/exec", Path: name, Err: errnoErr(e)}
	}
	return &Process{Pid: pid}, nil
}

// FindProcess returns a Process for pid; on Unix it always succeeds.
func FindProcess(pid int) (*Process, error) {
	return &Process{Pid: pid}, nil
}

// Wait waits for the process to exit and reaps it.
func (p *Process) Wait() (*ProcessState, error) {
	if p.Pid == -1 {
		return nil, syscall.EINVAL
	}
	if p.isDone() {
		return nil, NewSyscallError("wait", syscall.ECHILD)
	}
	// Waiting without reaping first (a pidfd on the poller, as Go's
	// pidfdWait, or waitid's WNOWAIT where there is no pidfd, as Go's
	// blockUntilWaitable), the pid stays the child's until p is done.
	e := sysWaitExit(p.Pid)
	if e != 0 && e != int(syscall.ECHILD) {
		e = sysWaitable(p.Pid)
	}
	if e == 0 {
		p.setDone()
	}
	st, e := sysWait(p.Pid)
	if e != 0 {
		return nil, NewSyscallError("wait", errnoErr(e))
	}
	p.setDone()
	return &ProcessState{pid: p.Pid, status: syscall.WaitStatus(st)}, nil
}

// Signal sends sig to the process.
func (p *Process) Signal(sig Signal) error {
	if p.Pid == -1 {
		return errors.New("os: process already released")
	}
	p.sigMu.RLock()
	defer p.sigMu.RUnlock()
	if p.done {
		return ErrProcessDone
	}
	s, ok := sig.(syscall.Signal)
	if !ok {
		return errors.New("os: unsupported signal type")
	}
	if err := syscall.Kill(p.Pid, s); err != nil {
		if err == syscall.ESRCH {
			return ErrProcessDone
		}
		return NewSyscallError("kill", err)
	}
	return nil
}

// Kill causes the process to exit immediately.
func (p *Process) Kill() error { return p.Signal(Kill) }

// Release releases the resources of p; it cannot be used afterwards.
func (p *Process) Release() error {
	p.Pid = -1
	return nil
}

// ProcessState describes a process that has exited.
type ProcessState struct {
	pid    int
	status syscall.WaitStatus
}

func (p *ProcessState) Pid() int           { return p.pid }
func (p *ProcessState) Exited() bool       { return p.status.Exited() }
func (p *ProcessState) Success() bool      { return p.status.ExitStatus() == 0 }
func (p *ProcessState) Sys() any           { return p.status }
func (p *ProcessState) SysUsage() any      { return nil }
func (p *ProcessState) UserTime() time.Duration   { return 0 }
func (p *ProcessState) SystemTime() time.Duration { return 0 }

// ExitCode is the exit status, or -1 if the process was killed by a
// signal or has not exited.
func (p *ProcessState) ExitCode() int {
	if p == nil {
		return -1
	}
	return p.status.ExitStatus()
}

func (p *ProcessState) String() string {
	if p == nil {
		return "<nil>"
	}
	status := p.status
	res := ""
	switch {
	case status.Exited():
		code := status.ExitStatus()
		res = "exit status " + strconv.Itoa(code)
	case status.Signaled():
		res = "signal: " + status.Signal().String()
	case status.Stopped():
		res = "stop signal: " + status.StopSignal().String()
	case status.Continued():
		res = "continued"
	}
	if status.CoreDump() {
		res += " (core dumped)"
	}
	return res
}
