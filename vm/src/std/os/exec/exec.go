// Package os/exec as minigo provides it, written in Go on os.StartProcess:
// a Cmd's non-*os.File Stdin/Stdout/Stderr are fed through pipes by
// goroutines that Wait waits for, as Go's own exec does. Waiting for the
// child is a blocking system call: the waiting goroutine holds no P.
package exec

import (
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Error is returned by LookPath when it fails to classify a file as an
// executable.
type Error struct {
	Name string
	Err  error
}

func (e *Error) Error() string {
	return "exec: " + strconv.Quote(e.Name) + ": " + e.Err.Error()
}

func (e *Error) Unwrap() error { return e.Err }

var (
	ErrNotFound  = errors.New("executable file not found in $PATH")
	ErrDot       = errors.New("cannot run executable found relative to current directory")
	ErrWaitDelay = errors.New("exec: WaitDelay expired before I/O complete")
)

// An ExitError reports an unsuccessful exit by a command.
type ExitError struct {
	*os.ProcessState
	Stderr []byte
}

func (e *ExitError) Error() string { return e.ProcessState.String() }

type Cmd struct {
	Path         string
	Args         []string
	Env          []string
	Dir          string
	Stdin        io.Reader
	Stdout       io.Writer
	Stderr       io.Writer
	ExtraFiles   []*os.File
	SysProcAttr  *syscall.SysProcAttr
	Process      *os.Process
	ProcessState *os.ProcessState
	Err          error
	Cancel       func() error
	WaitDelay    time.Duration

	ctx           context.Context
	childIOFiles  []io.Closer
	parentIOPipes []io.Closer
	goroutine     []func() error
	goroutineErr  chan error
	ctxDone       chan struct{}
}

// Command returns the Cmd to run the named program with the given
// arguments; a name without a path separator is looked up in PATH.
func Command(name string, arg ...string) *Cmd {
	cmd := &Cmd{Path: name, Args: append([]string{name}, arg...)}
	if filepath.Base(name) == name {
		lp, err := LookPath(name)
		if lp != "" {
			cmd.Path = lp
		}
		if err != nil {
			cmd.Err = err
		}
	}
	return cmd
}

// CommandContext is like Command but kills the process (Cmd.Cancel) when
// ctx is done before the command completes.
func CommandContext(ctx context.Context, name string, arg ...string) *Cmd {
	if ctx == nil {
		panic("nil Context")
	}
	cmd := Command(name, arg...)
	cmd.ctx = ctx
	cmd.Cancel = func() error { return cmd.Process.Kill() }
	return cmd
}

func (c *Cmd) String() string {
	if c.Err != nil {
		return strings.Join(c.Args, " ")
	}
	b := new(strings.Builder)
	b.WriteString(c.Path)
	for _, a := range c.Args[1:] {
		b.WriteByte(' ')
		b.WriteString(a)
	}
	return b.String()
}

func (c *Cmd) argv() []string {
	if len(c.Args) > 0 {
		return c.Args
	}
	return []string{c.Path}
}

// Environ returns the environment the command would run in.
func (c *Cmd) Environ() []string {
	env := c.Env
	if env == nil {
		env = os.Environ()
		if c.Dir != "" {
			env = append(env, "PWD="+c.Dir)
		}
	}
	return dedupEnv(env)
}

// dedupEnv keeps the last value of each variable, in first-seen order
// of the kept entries' positions, as Go does.
func dedupEnv(env []string) []string {
	out := make([]string, 0, len(env))
	saw := make(map[string]bool, len(env))
	for n := len(env); n > 0; n-- {
		kv := env[n-1]
		i := strings.Index(kv, "=")
		if i == 0 {
			i = strings.Index(kv[1:], "=") + 1
		}
		if i < 0 {
			continue
		}
		k := kv[:i]
		if saw[k] {
			continue
		}
		saw[k] = true
		out = append(out, kv)
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

func (c *Cmd) childStdin() (*os.File, error) {
	if c.Stdin == nil {
		f, err := os.Open(os.DevNull)
		if err != nil {
			return nil, err
		}
		c.childIOFiles = append(c.childIOFiles, f)
		return f, nil
	}
	if f, ok := c.Stdin.(*os.File); ok {
		return f, nil
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	c.childIOFiles = append(c.childIOFiles, pr)
	c.parentIOPipes = append(c.parentIOPipes, pw)
	c.goroutine = append(c.goroutine, func() error {
		_, err := io.Copy(pw, c.Stdin)
		if errors.Is(err, syscall.EPIPE) || errors.Is(err, os.ErrClosed) {
			err = nil
		}
		if err1 := pw.Close(); err == nil {
			err = err1
		}
		return err
	})
	return pr, nil
}

func (c *Cmd) childStdout() (*os.File, error) { return c.writerDescriptor(c.Stdout) }

func (c *Cmd) childStderr(childStdout *os.File) (*os.File, error) {
	if c.Stderr != nil && c.Stderr == c.Stdout {
		return childStdout, nil
	}
	return c.writerDescriptor(c.Stderr)
}

func (c *Cmd) writerDescriptor(w io.Writer) (*os.File, error) {
	if w == nil {
		f, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
		if err != nil {
			return nil, err
		}
		c.childIOFiles = append(c.childIOFiles, f)
		return f, nil
	}
	if f, ok := w.(*os.File); ok {
		return f, nil
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	c.childIOFiles = append(c.childIOFiles, pw)
	c.parentIOPipes = append(c.parentIOPipes, pr)
	c.goroutine = append(c.goroutine, func() error {
		_, err := io.Copy(w, pr)
		pr.Close()
		return err
	})
	return pw, nil
}

func closeDescriptors(closers []io.Closer) {
	for _, fd := range closers {
		fd.Close()
	}
}

// Run starts the command and waits for it to complete.
func (c *Cmd) Run() error {
	if err := c.Start(); err != nil {
		return err
	}
	return c.Wait()
}

// Start starts the command but does not wait for it to complete.
func (c *Cmd) Start() error {
	if c.Path == "" && c.Err == nil {
		c.Err = errors.New("exec: no command")
	}
	if c.Err != nil {
		closeDescriptors(c.childIOFiles)
		c.childIOFiles = nil
		closeDescriptors(c.parentIOPipes)
		c.parentIOPipes = nil
		return c.Err
	}
	if c.Process != nil {
		return errors.New("exec: already started")
	}
	if c.ctx != nil {
		select {
		case <-c.ctx.Done():
			closeDescriptors(c.childIOFiles)
			c.childIOFiles = nil
			closeDescriptors(c.parentIOPipes)
			c.parentIOPipes = nil
			return c.ctx.Err()
		default:
		}
	}
	lp := c.Path
	stdin, err := c.childStdin()
	if err == nil {
		var stdout *os.File
		stdout, err = c.childStdout()
		if err == nil {
			var stderr *os.File
			stderr, err = c.childStderr(stdout)
			if err == nil {
				files := append([]*os.File{stdin, stdout, stderr}, c.ExtraFiles...)
				c.Process, err = os.StartProcess(lp, c.argv(), &os.ProcAttr{
					Dir:   c.Dir,
					Files: files,
					Env:   c.Environ(),
					Sys:   c.SysProcAttr,
				})
			}
		}
	}
	closeDescriptors(c.childIOFiles)
	c.childIOFiles = nil
	if err != nil {
		closeDescriptors(c.parentIOPipes)
		c.parentIOPipes = nil
		c.goroutine = nil
		return err
	}
	if len(c.goroutine) > 0 {
		c.goroutineErr = make(chan error, len(c.goroutine))
		for _, fn := range c.goroutine {
			go func(fn func() error) { c.goroutineErr <- fn() }(fn)
		}
		c.goroutine = nil
	}
	if c.ctx != nil && c.ctx.Done() != nil {
		c.ctxDone = make(chan struct{})
		go func() {
			select {
			case <-c.ctx.Done():
				if c.Cancel != nil {
					c.Cancel()
				}
			case <-c.ctxDone:
			}
		}()
	}
	return nil
}

// Wait waits for the command to exit and for its pipes' copying to end.
func (c *Cmd) Wait() error {
	if c.Process == nil {
		return errors.New("exec: not started")
	}
	if c.ProcessState != nil {
		return errors.New("exec: Wait was already called")
	}
	state, err := c.Process.Wait()
	if c.ctxDone != nil {
		close(c.ctxDone)
	}
	if err == nil && !state.Success() {
		err = &ExitError{ProcessState: state}
	}
	c.ProcessState = state
	if c.goroutineErr != nil {
		for i := 0; i < cap(c.goroutineErr); i++ {
			if copyErr := <-c.goroutineErr; err == nil && copyErr != nil {
				err = copyErr
			}
		}
		c.goroutineErr = nil
	}
	closeDescriptors(c.parentIOPipes)
	c.parentIOPipes = nil
	return err
}

// Output runs the command and returns its standard output; an
// *ExitError carries the start of its standard error.
func (c *Cmd) Output() ([]byte, error) {
	if c.Stdout != nil {
		return nil, errors.New("exec: Stdout already set")
	}
	var stdout bytes.Buffer
	c.Stdout = &stdout
	captureErr := c.Stderr == nil
	var stderr bytes.Buffer
	if captureErr {
		c.Stderr = &stderr
	}
	err := c.Run()
	if err != nil && captureErr {
		if ee, ok := err.(*ExitError); ok {
			ee.Stderr = stderr.Bytes()
		}
	}
	return stdout.Bytes(), err
}

// CombinedOutput runs the command and returns its standard output and
// standard error together.
func (c *Cmd) CombinedOutput() ([]byte, error) {
	if c.Stdout != nil {
		return nil, errors.New("exec: Stdout already set")
	}
	if c.Stderr != nil {
		return nil, errors.New("exec: Stderr already set")
	}
	var b bytes.Buffer
	c.Stdout = &b
	c.Stderr = &b
	err := c.Run()
	return b.Bytes(), err
}

// closeOnce is StdinPipe's writer: the program's goroutine and Wait may
// both close it (a sync.Once, as Go's, so that is no race).
type closeOnce struct {
	*os.File
	once sync.Once
	err  error
}

func (c *closeOnce) Close() error {
	c.once.Do(func() { c.err = c.File.Close() })
	return c.err
}

// StdinPipe returns a pipe connected to the command's standard input.
func (c *Cmd) StdinPipe() (io.WriteCloser, error) {
	if c.Stdin != nil {
		return nil, errors.New("exec: Stdin already set")
	}
	if c.Process != nil {
		return nil, errors.New("exec: StdinPipe after process started")
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	c.Stdin = pr
	c.childIOFiles = append(c.childIOFiles, pr)
	wc := &closeOnce{File: pw}
	c.parentIOPipes = append(c.parentIOPipes, wc)
	return wc, nil
}

// StdoutPipe returns a pipe connected to the command's standard output.
// Wait closes it: read everything before calling Wait.
func (c *Cmd) StdoutPipe() (io.ReadCloser, error) {
	if c.Stdout != nil {
		return nil, errors.New("exec: Stdout already set")
	}
	if c.Process != nil {
		return nil, errors.New("exec: StdoutPipe after process started")
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	c.Stdout = pw
	c.childIOFiles = append(c.childIOFiles, pw)
	c.parentIOPipes = append(c.parentIOPipes, pr)
	return pr, nil
}

// StderrPipe returns a pipe connected to the command's standard error.
func (c *Cmd) StderrPipe() (io.ReadCloser, error) {
	if c.Stderr != nil {
		return nil, errors.New("exec: Stderr already set")
	}
	if c.Process != nil {
		return nil, errors.New("exec: StderrPipe after process started")
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	c.Stderr = pw
	c.childIOFiles = append(c.childIOFiles, pw)
	c.parentIOPipes = append(c.parentIOPipes, pr)
	return pr, nil
}

func findExecutable(file string) error {
	d, err := os.Stat(file)
	if err != nil {
		return err
	}
	m := d.Mode()
	if m.IsDir() {
		return syscall.EISDIR
	}
	if m&0111 != 0 {
		return nil
	}
	return fs.ErrPermission
}

// LookPath searches the directories in PATH for an executable named
// file; a name with a slash is tried as it is.
func LookPath(file string) (string, error) {
	if strings.Contains(file, "/") {
		err := findExecutable(file)
		if err == nil {
			return file, nil
		}
		return "", &Error{file, err}
	}
	path := os.Getenv("PATH")
	for _, dir := range filepath.SplitList(path) {
		if dir == "" {
			dir = "."
		}
		path := filepath.Join(dir, file)
		if err := findExecutable(path); err == nil {
			if !filepath.IsAbs(path) {
				return path, &Error{file, ErrDot}
			}
			return path, nil
		}
	}
	return "", &Error{file, ErrNotFound}
}
