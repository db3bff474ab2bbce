// Package runtime as minigo sees it: scheduler queries and controls,
// all native.
package runtime

const GOOS = "linux"

const GOARCH = "amd64"

const Compiler = "gc"

func Gosched()

// Goexit runs the goroutine's deferred calls and ends it; recover returns
// nil in them. main's Goexit lets the other goroutines run on.
func Goexit()

// Breakpoint stops the program with SIGTRAP, as a debugger trap would.
func Breakpoint()
func NumGoroutine() int
func GOMAXPROCS(n int) int
func NumCPU() int

// Caller reports the file and line of the call skip frames up from
// Caller's caller (0 is that caller itself), and a pc identifying it.
func Caller(skip int) (pc uintptr, file string, line int, ok bool)
// GC runs a full garbage collection and returns when it is done.
func GC()
func Version() string
func KeepAlive(x any) {}

// SetFinalizer: see vm/src/interp/finalizers.rs.
func SetFinalizer(obj any, finalizer any)

// Error is the interface of run-time panics (index out of range, nil
// dereference, ...): the VM's runtime error values implement it.
type Error interface {
	error
	RuntimeError()
}

// A MemStats records statistics about the memory allocator, as Go's does.
// minigo fills Alloc, TotalAlloc, Sys, Mallocs, Frees, HeapAlloc, HeapSys,
// HeapIdle, HeapInuse, HeapObjects, NextGC, LastGC, PauseTotalNs, PauseNs,
// PauseEnd, NumGC, NumForcedGC and EnableGC; the rest stay zero.
type MemStats struct {
	Alloc         uint64
	TotalAlloc    uint64
	Sys           uint64
	Lookups       uint64
	Mallocs       uint64
	Frees         uint64
	HeapAlloc     uint64
	HeapSys       uint64
	HeapIdle      uint64
	HeapInuse     uint64
	HeapReleased  uint64
	HeapObjects   uint64
	StackInuse    uint64
	StackSys      uint64
	MSpanInuse    uint64
	MSpanSys      uint64
	MCacheInuse   uint64
	MCacheSys     uint64
	BuckHashSys   uint64
	GCSys         uint64
	OtherSys      uint64
	NextGC        uint64
	LastGC        uint64
	PauseTotalNs  uint64
	PauseNs       [256]uint64
	PauseEnd      [256]uint64
	NumGC         uint32
	NumForcedGC   uint32
	GCCPUFraction float64
	EnableGC      bool
	DebugGC       bool
	BySize        [61]struct {
		Size    uint32
		Mallocs uint64
		Frees   uint64
	}
}

// ReadMemStats fills m with memory allocator statistics.
func ReadMemStats(m *MemStats) {
	if m == nil {
		panic("runtime error: invalid memory address or nil pointer dereference")
	}
	readMemStats(m)
}

func readMemStats(m *MemStats)
