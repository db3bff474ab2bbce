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
// Callers fills pc with the pcs of the function calls on the calling
// goroutine's stack (0: Callers itself) and returns how many it wrote.
func Callers(skip int, pc []uintptr) int { return copy(pc, callers(skip)) }

// Func describes the function a pc is in.
type Func struct {
	entry uintptr
	name  string
}

// FuncForPC returns a *Func describing the function that contains the
// given program counter address, or else nil.
func FuncForPC(pc uintptr) *Func {
	name, _, _, ok := funcInfo(pc)
	if !ok {
		return nil
	}
	return &Func{entry: pc &^ 0xffffffff, name: name}
}

// Name returns the name of the function.
func (f *Func) Name() string {
	if f == nil {
		return ""
	}
	return f.name
}

// Entry returns the entry address of the function.
func (f *Func) Entry() uintptr { return f.entry }

// FileLine returns the file name and line number of the source code
// corresponding to the program counter pc.
func (f *Func) FileLine(pc uintptr) (file string, line int) {
	_, file, line, _ = funcInfo(pc)
	return file, line
}

// Frame is the information returned by Frames for each call frame.
type Frame struct {
	PC       uintptr
	Func     *Func
	Function string
	File     string
	Line     int
	Entry    uintptr
}

// Frames may be used to get function/file/line information for a slice
// of PC values returned by Callers.
type Frames struct {
	pcs []uintptr
}

// CallersFrames takes a slice of PCs returned by Callers and prepares
// to return function/file/line information.
func CallersFrames(callers []uintptr) *Frames { return &Frames{pcs: callers} }

// Next returns a Frame representing the next call frame in the slice of
// PC values, and whether there are more frames after it.
func (ci *Frames) Next() (frame Frame, more bool) {
	for len(ci.pcs) > 0 {
		pc := ci.pcs[0]
		ci.pcs = ci.pcs[1:]
		name, file, line, ok := funcInfo(pc)
		if !ok {
			continue
		}
		f := &Func{entry: pc &^ 0xffffffff, name: name}
		return Frame{PC: pc, Func: f, Function: name, File: file, Line: line, Entry: f.entry}, len(ci.pcs) > 0
	}
	return Frame{}, false
}

func callers(skip int) []uintptr
func funcInfo(pc uintptr) (name, file string, line int, ok bool)

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

// Stack formats a stack trace of the calling goroutine into buf and
// returns the number of bytes written. With all, the traces of every other
// goroutine follow, each with its wait reason (a goroutine running on
// another thread is listed without its stack).
func Stack(buf []byte, all bool) int { return copy(buf, stack(all)) }

func stack(all bool) string

// SetCPUProfileRate sets the CPU profiling rate to hz samples per second;
// hz <= 0 turns profiling off. runtime/pprof calls it for you.
func SetCPUProfileRate(hz int)

// SetBlockProfileRate controls the fraction of goroutine blocking events
// reported in the blocking profile: on average one event per rate
// nanoseconds spent blocked; rate <= 0 turns the profile off, 1 records
// every event.
func SetBlockProfileRate(rate int)

// SetMutexProfileFraction controls the fraction of mutex contention events
// reported in the mutex profile (on average 1/rate) and returns the
// previous rate; rate < 0 only reads it, 0 turns the profile off.
func SetMutexProfileFraction(rate int) int

// NumCgoCall returns the number of cgo calls made by the current process
// (always 0: minigo has no cgo).
func NumCgoCall() int64 { return 0 }

// A StackRecord describes a single execution stack.
type StackRecord struct {
	Stack0 [32]uintptr // stack trace for this record; ends at first 0 entry
}

// Stack returns the stack trace associated with the record, a prefix of
// r.Stack0.
func (r *StackRecord) Stack() []uintptr {
	for i, v := range r.Stack0 {
		if v == 0 {
			return r.Stack0[0:i]
		}
	}
	return r.Stack0[0:]
}

// BlockProfileRecord describes blocking events originated at a particular
// call sequence (stack trace). Cycles are nanoseconds in minigo.
type BlockProfileRecord struct {
	Count  int64
	Cycles int64
	StackRecord
}

// BlockProfile returns n, the number of records in the current blocking
// profile. If len(p) >= n, BlockProfile copies the profile into p and
// returns n, true; otherwise it copies nothing and returns n, false.
func BlockProfile(p []BlockProfileRecord) (n int, ok bool) {
	return contentionProfile(p, 0)
}

// MutexProfile returns n, the number of records in the current mutex
// profile, as BlockProfile does for the blocking profile.
func MutexProfile(p []BlockProfileRecord) (n int, ok bool) {
	return contentionProfile(p, 1)
}

func contentionProfile(p []BlockProfileRecord, which int) (n int, ok bool) {
	counts, nanos, stacks := contentionRecords(which)
	n = len(counts)
	if n > len(p) {
		return n, false
	}
	for i := 0; i < n; i++ {
		r := &p[i]
		r.Count = counts[i]
		r.Cycles = nanos[i]
		r.Stack0 = [32]uintptr{}
		j := 0
		for len(stacks) > 0 {
			pc := stacks[0]
			stacks = stacks[1:]
			if pc == 0 {
				break
			}
			if j < len(r.Stack0) {
				r.Stack0[j] = pc
				j++
			}
		}
	}
	return n, true
}

// contentionRecords: the block (0) or mutex (1) profile, stacks joined
// with 0 after each.
func contentionRecords(which int) (counts, nanos []int64, stacks []uintptr)

// MemProfileRate controls the fraction of memory allocations that are
// recorded and reported in the memory profile: one sample per
// MemProfileRate bytes allocated on average (0: none, 1: every one).
// minigo's sampler reads it at each sample, so a change takes effect at
// the next sample (Go's does the same).
var MemProfileRate int = 512 * 1024

func init() { registerMemProfileRate(&MemProfileRate) }

func registerMemProfileRate(p *int)
