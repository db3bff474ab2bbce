// Package trace: Go's runtime/trace. Start turns minigo's scheduler
// tracer on; Stop writes what it recorded, in Go's execution trace
// format, to the writer given to Start (go tool trace reads it). Tasks,
// regions and logs become Go's user annotation events.
package trace

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
)

var tracing struct {
	sync.Mutex
	w       io.Writer
	enabled atomic.Bool
}

// start turns recording on; false if tracing is already on.
func start() bool

// stop turns recording off and returns the trace (nil if it was off).
func stop() []byte

// Start enables tracing for the current program. While tracing, the
// trace is buffered and written to w by Stop. Start returns an error if
// tracing is already enabled.
func Start(w io.Writer) error {
	tracing.Lock()
	defer tracing.Unlock()
	if !start() {
		return errors.New("execution tracer already enabled")
	}
	tracing.w = w
	tracing.enabled.Store(true)
	return nil
}

// Stop stops the current tracing, if any. Stop only returns after all
// the writes for the trace have completed.
func Stop() {
	tracing.Lock()
	defer tracing.Unlock()
	tracing.enabled.Store(false)
	data := stop()
	if data != nil && tracing.w != nil {
		tracing.w.Write(data)
	}
	tracing.w = nil
}

// IsEnabled reports whether tracing is enabled.
func IsEnabled() bool {
	return tracing.enabled.Load()
}

type traceContextKey struct{}

// Task is a user-defined logical operation.
type Task struct {
	id uint64
}

var lastTaskID uint64

var bgTask = Task{id: uint64(0)}

func newID() uint64 {
	return atomic.AddUint64(&lastTaskID, 1)
}

func fromContext(ctx context.Context) *Task {
	if s, ok := ctx.Value(traceContextKey{}).(*Task); ok {
		return s
	}
	return &bgTask
}

func userTaskCreate(id, parentID uint64, taskType string)
func userTaskEnd(id uint64)
func userRegion(id, mode uint64, regionType string)
func userLog(id uint64, category, message string)

// NewTask creates a task instance with the type taskType. If pctx
// contains a task, the new task is its subtask.
func NewTask(pctx context.Context, taskType string) (ctx context.Context, task *Task) {
	pid := fromContext(pctx).id
	id := newID()
	userTaskCreate(id, pid, taskType)
	s := &Task{id: id}
	return context.WithValue(pctx, traceContextKey{}, s), s
}

// End marks the end of the operation represented by the Task.
func (t *Task) End() {
	userTaskEnd(t.id)
}

const (
	regionStartCode = uint64(0)
	regionEndCode   = uint64(1)
)

// WithRegion starts a region associated with its calling goroutine,
// runs fn, and then ends the region.
func WithRegion(ctx context.Context, regionType string, fn func()) {
	id := fromContext(ctx).id
	userRegion(id, regionStartCode, regionType)
	defer userRegion(id, regionEndCode, regionType)
	fn()
}

// Region is a region of code whose execution time interval is traced.
type Region struct {
	id         uint64
	regionType string
}

var noopRegion = &Region{}

// StartRegion starts a region and returns it. The returned Region's End
// method must be called from the same goroutine where the region was
// started.
func StartRegion(ctx context.Context, regionType string) *Region {
	if !IsEnabled() {
		return noopRegion
	}
	id := fromContext(ctx).id
	userRegion(id, regionStartCode, regionType)
	return &Region{id, regionType}
}

// End marks the end of the traced code region.
func (r *Region) End() {
	if r == noopRegion {
		return
	}
	userRegion(r.id, regionEndCode, r.regionType)
}

// Log emits a one-off event with the given category and message.
func Log(ctx context.Context, category, message string) {
	id := fromContext(ctx).id
	userLog(id, category, message)
}

// Logf is like Log, but the value is formatted using the specified
// format spec.
func Logf(ctx context.Context, category, format string, args ...any) {
	if IsEnabled() {
		id := fromContext(ctx).id
		userLog(id, category, fmt.Sprintf(format, args...))
	}
}
