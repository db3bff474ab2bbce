// Package poll holds the errors that os and net share for descriptors,
// as Go's internal/poll does: the deadline error is one value, so that
// errors.Is(err, os.ErrDeadlineExceeded) holds for a net timeout.
package poll

import "errors"

// ErrFileClosing is what a closed os.File's poller calls return before
// os wraps it as os.ErrClosed (SetDeadline returns it as it is).
var ErrFileClosing = errors.New("use of closed file")

// DeadlineExceededError is returned for an expired deadline.
type DeadlineExceededError struct{}

func (e *DeadlineExceededError) Error() string   { return "i/o timeout" }
func (e *DeadlineExceededError) Timeout() bool   { return true }
func (e *DeadlineExceededError) Temporary() bool { return true }

// ErrDeadlineExceeded is os.ErrDeadlineExceeded.
var ErrDeadlineExceeded error = &DeadlineExceededError{}

type errNetClosing struct{}

func (e errNetClosing) Error() string   { return "use of closed network connection" }
func (e errNetClosing) Timeout() bool   { return false }
func (e errNetClosing) Temporary() bool { return false }

// ErrNetClosing is net.ErrClosed.
var ErrNetClosing = errNetClosing{}
