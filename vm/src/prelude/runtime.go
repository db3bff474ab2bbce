// Package runtime as minigo sees it: scheduler queries and controls,
// all native.
package runtime

const GOOS = "linux"

const GOARCH = "amd64"

const Compiler = "gc"

func Gosched()

// Breakpoint stops the program with SIGTRAP, as a debugger trap would.
func Breakpoint()
func NumGoroutine() int
func GOMAXPROCS(n int) int
func NumCPU() int
func GC()
func Version() string
func KeepAlive(x any) {}

// Error is the interface of run-time panics (index out of range, nil
// dereference, ...): the VM's runtime error values implement it.
type Error interface {
	error
	RuntimeError()
}
