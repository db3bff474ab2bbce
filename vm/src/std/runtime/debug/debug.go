// Package debug (runtime/debug): the collector's knobs, stack traces.
package debug

import (
	"os"
	"runtime"
)

// SetGCPercent sets the collection target percentage (GOGC) and returns
// the previous setting; a negative percentage disables collection.
func SetGCPercent(percent int) int

// SetMemoryLimit sets the soft memory limit (GOMEMLIMIT) and returns the
// previous one; a negative input only reports the current limit.
func SetMemoryLimit(limit int64) int64

// FreeOSMemory forces a garbage collection. (minigo's heap keeps the
// memory it has mapped: nothing is returned to the OS.)
func FreeOSMemory()

// Stack returns a formatted stack trace of the goroutine that calls it.
func Stack() []byte {
	buf := make([]byte, 1024)
	for {
		n := runtime.Stack(buf, false)
		if n < len(buf) {
			return buf[:n]
		}
		buf = make([]byte, 2*len(buf))
	}
}

// PrintStack prints to standard error the stack trace returned by Stack.
func PrintStack() {
	os.Stderr.Write(Stack())
}

// SetTraceback sets the amount of detail printed by the runtime in the
// traceback it prints before exiting (GOTRACEBACK). minigo stores the
// level; its tracebacks stay as with the default.
func SetTraceback(level string) { setTraceback(level) }

func setTraceback(level string)
