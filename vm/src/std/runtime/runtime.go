// Package runtime as minigo sees it: scheduler queries and controls,
// all native.
package runtime

import "unsafe"

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

// GOROOT returns the GOROOT environment variable, or else the root of the
// Go tree minigo was built against ("" when unknown: minigo needs none).
func GOROOT() string { return goroot() }

func goroot() string

// CPUProfile panics, as Go's does since Go 1.21: use runtime/pprof.
func CPUProfile() []byte {
	panic("CPUProfile no longer available")
}

// LockOSThread wires the calling goroutine to its current OS thread until
// as many UnlockOSThread calls. minigo keeps the count (Go's nesting) but
// has no thread affinity: a goroutine may still move between threads.
func LockOSThread() { lockOSThread(1) }

// UnlockOSThread undoes one LockOSThread; without one it does nothing.
func UnlockOSThread() { lockOSThread(-1) }

func lockOSThread(delta int)

// SetDefaultGOMAXPROCS sets GOMAXPROCS to what the runtime picks at start
// without the GOMAXPROCS environment variable: the number of CPUs.
func SetDefaultGOMAXPROCS() { GOMAXPROCS(NumCPU()) }

// SetCgoTraceback records cgo traceback functions; minigo has no cgo, so
// they are never called. Versions other than 0 panic, as in Go.
func SetCgoTraceback(version int, traceback, context, symbolizer unsafe.Pointer) {
	if version != 0 {
		panic("unsupported version")
	}
}

// A TypeAssertionError explains a failed type assertion; the VM raises
// it (its message is written where the assertion fails).
type TypeAssertionError struct {
	msg string
}

func (*TypeAssertionError) RuntimeError() {}

func (e *TypeAssertionError) Error() string { return e.msg }

// A PanicNilError happens when code calls panic(nil): recover returns a
// *PanicNilError.
type PanicNilError struct {
	_ [0]*PanicNilError
}

func (*PanicNilError) Error() string { return "runtime error: panic called with nil argument" }
func (*PanicNilError) RuntimeError() {}

// The VM finds the two types by name: these keep their descriptors in
// every program that imports runtime.
var _, _ error = (*TypeAssertionError)(nil), (*PanicNilError)(nil)

// errorString is the runtime's plain error (as Go's, "runtime error: "
// then the text).
type errorString string

func (e errorString) Error() string { return "runtime error: " + string(e) }
func (e errorString) RuntimeError() {}

// A Pinner pins Go objects: here only keeps them alive until Unpin
// (minigo's collector never moves objects).
type Pinner struct {
	refs []any
}

// Pin pins pointer so that the collector neither frees nor moves it until
// Unpin is called. pointer must be a pointer (or unsafe.Pointer).
func (p *Pinner) Pin(pointer any) {
	if pointer == nil {
		return
	}
	if !isPointer(pointer) {
		panic(errorString("runtime.Pinner: argument is not a pointer: " + typeName(pointer)))
	}
	p.refs = append(p.refs, pointer)
}

// Unpin unpins all pinned objects of the Pinner.
func (p *Pinner) Unpin() {
	clear(p.refs)
	p.refs = p.refs[:0]
}

func isPointer(x any) bool
func typeName(x any) string

// Cleanup is a handle to a cleanup call for a specific object.
type Cleanup struct {
	id   uint64
	addr uintptr // ^address of the object
}

// cleanupEntry: one AddCleanup call (arg is the cleanup bound to its
// argument).
type cleanupEntry struct {
	id  uint64
	run func()
}

var (
	cleanupLock  = make(chan struct{}, 1)
	cleanupNext  uint64
	cleanupsByAt = map[uintptr][]cleanupEntry{}
)

// AddCleanup attaches cleanup(arg) to ptr: some time after ptr becomes
// unreachable, cleanup(arg) runs on a goroutine of its own. minigo's
// cleanups ride on ptr's finalizer: ptr must point to the start of an
// object that has no finalizer of its own.
func AddCleanup[T, S any](ptr *T, cleanup func(S), arg S) Cleanup {
	if ptr == nil {
		panic("runtime.AddCleanup: ptr is nil")
	}
	if a, ok := any(arg).(*T); ok && a == ptr {
		panic("runtime.AddCleanup: ptr is equal to arg, cleanup will never run")
	}
	// The key is the address inverted: minigo's collector scans words
	// conservatively, and the address itself would keep ptr alive.
	addr := ^uintptr(unsafe.Pointer(ptr))
	cleanupLock <- struct{}{}
	cleanupNext++
	id := cleanupNext
	list, had := cleanupsByAt[addr]
	cleanupsByAt[addr] = append(list, cleanupEntry{id: id, run: func() { cleanup(arg) }})
	<-cleanupLock
	if !had {
		SetFinalizer(ptr, func(*T) { runCleanups(addr) })
	}
	return Cleanup{id: id, addr: addr}
}

func runCleanups(addr uintptr) {
	cleanupLock <- struct{}{}
	list := cleanupsByAt[addr]
	delete(cleanupsByAt, addr)
	<-cleanupLock
	for _, c := range list {
		c.run()
	}
}

// Stop cancels the cleanup call; it does nothing if the cleanup has run
// (or is running) already.
func (c Cleanup) Stop() {
	if c.id == 0 {
		return
	}
	cleanupLock <- struct{}{}
	list := cleanupsByAt[c.addr]
	for i, e := range list {
		if e.id == c.id {
			cleanupsByAt[c.addr] = append(list[:i:i], list[i+1:]...)
			break
		}
	}
	<-cleanupLock
}

// A MemProfileRecord describes the live objects allocated by a particular
// call sequence (stack trace).
type MemProfileRecord struct {
	AllocBytes, FreeBytes     int64
	AllocObjects, FreeObjects int64
	Stack0                    [32]uintptr
}

// InUseBytes returns the number of bytes in use (AllocBytes - FreeBytes).
func (r *MemProfileRecord) InUseBytes() int64 { return r.AllocBytes - r.FreeBytes }

// InUseObjects returns the number of objects in use.
func (r *MemProfileRecord) InUseObjects() int64 { return r.AllocObjects - r.FreeObjects }

// Stack returns the stack trace of the record, a prefix of r.Stack0.
func (r *MemProfileRecord) Stack() []uintptr {
	for i, v := range r.Stack0 {
		if v == 0 {
			return r.Stack0[0:i]
		}
	}
	return r.Stack0[0:]
}

// MemProfile returns n, the number of records in the memory profile (as
// of the last collection; with inuseZero also the records whose objects
// were all freed). If len(p) >= n it copies the profile into p and
// returns n, true; otherwise it copies nothing and returns n, false.
func MemProfile(p []MemProfileRecord, inuseZero bool) (n int, ok bool) {
	vals, lens, pcs := memRecords()
	var recs []MemProfileRecord
	for i := range lens {
		v := vals[5*i : 5*i+5]
		var r MemProfileRecord
		r.AllocObjects, r.AllocBytes, r.FreeObjects, r.FreeBytes = int64(v[0]), int64(v[1]), int64(v[2]), int64(v[3])
		copy(r.Stack0[:], pcs[:lens[i]])
		pcs = pcs[lens[i]:]
		if inuseZero || r.AllocBytes != r.FreeBytes {
			recs = append(recs, r)
		}
	}
	n = len(recs)
	if n > len(p) {
		return n, false
	}
	copy(p, recs)
	return n, true
}

// memRecords: allocs, alloc bytes, frees, free bytes and size per record,
// the stack lengths and the stacks one after another.
func memRecords() (vals []uint64, lens []int, pcs []uintptr)

// GoroutineProfile returns n, the number of records in the active
// goroutine stack profile. If len(p) >= n, it copies the profile into p
// and returns n, true; otherwise it copies nothing and returns n, false.
func GoroutineProfile(p []StackRecord) (n int, ok bool) {
	lens, pcs := goroutineRecords()
	n = len(lens)
	if n > len(p) {
		return n, false
	}
	for i, l := range lens {
		k := copy(p[i].Stack0[:], pcs[:l])
		clear(p[i].Stack0[k:])
		pcs = pcs[l:]
	}
	return n, true
}

func goroutineRecords() (lens []int, pcs []uintptr)

// ThreadCreateProfile returns n, the number of records in the thread
// creation profile: one per OS thread of the process, without stacks
// (minigo's threads are made by its runtime, not by Go code).
func ThreadCreateProfile(p []StackRecord) (n int, ok bool) {
	n = threadCount()
	if n > len(p) {
		return n, false
	}
	for i := 0; i < n; i++ {
		p[i].Stack0 = [32]uintptr{}
	}
	return n, true
}

func threadCount() int

// Execution tracing in Go's format (runtime/trace is the usual front
// end): StartTrace switches it on; StopTrace switches it off and waits
// until a reader has read the trace with ReadTrace.
var (
	traceLock = make(chan struct{}, 1)
	traceOn   bool
	// traceData carries the trace to the reader; closed after it.
	traceData chan []byte
	traceRead chan struct{}
)

// StartTrace enables tracing for the current process.
func StartTrace() error {
	traceLock <- struct{}{}
	defer func() { <-traceLock }()
	if traceOn || traceData != nil || !traceStart() {
		return errorString("tracing is already enabled")
	}
	traceOn = true
	traceData = make(chan []byte)
	traceRead = make(chan struct{})
	return nil
}

// StopTrace stops tracing, if it was enabled, and returns once the trace
// has been read to its end by ReadTrace.
func StopTrace() {
	traceLock <- struct{}{}
	if !traceOn {
		<-traceLock
		return
	}
	traceOn = false
	data := traceStop()
	ch, read := traceData, traceRead
	<-traceLock
	ch <- data
	close(ch)
	<-read
	traceLock <- struct{}{}
	traceData, traceRead = nil, nil
	<-traceLock
}

// ReadTrace returns the next chunk of binary tracing data, blocking until
// data is available (minigo's tracer hands over the whole trace at
// StopTrace). It returns nil once tracing is off and all was read.
func ReadTrace() []byte {
	traceLock <- struct{}{}
	ch, read := traceData, traceRead
	<-traceLock
	if ch == nil {
		return nil
	}
	b, ok := <-ch
	if !ok {
		select {
		case <-read:
		default:
			close(read)
		}
		return nil
	}
	return b
}

func traceStart() bool
func traceStop() []byte
