// Package pprof writes run-time profiling data in the format expected by
// the pprof visualization tool (`go tool pprof`), as Go's does. The text
// forms (debug=1, 2) are written here; the gzipped profile.proto of
// debug=0 and the profile data come from natives (mod.rs).
package pprof

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"runtime"
	"sort"
	"strings"
	"sync"
	"text/tabwriter"
)

// A Profile is a collection of stack traces showing the call sequences
// that led to instances of a particular event, such as allocation.
type Profile struct {
	name  string
	mu    sync.Mutex
	m     map[any][]uintptr
	count func() int
	write func(io.Writer, int) error
}

var profiles struct {
	mu sync.Mutex
	m  map[string]*Profile
}

var goroutineProfile = &Profile{name: "goroutine", count: countGoroutine, write: writeGoroutine}
var goroutineLeakProfile = &Profile{name: "goroutineleak", count: func() int { return 0 }, write: writeGoroutineLeak}
var threadcreateProfile = &Profile{name: "threadcreate", count: countThreadCreate, write: writeThreadCreate}
var heapProfile = &Profile{name: "heap", count: countHeap, write: writeHeap}
var allocsProfile = &Profile{name: "allocs", count: countHeap, write: writeAlloc}
var blockProfile = &Profile{name: "block", count: countBlock, write: writeBlock}
var mutexProfile = &Profile{name: "mutex", count: countMutex, write: writeMutex}

func lockProfiles() {
	profiles.mu.Lock()
	if profiles.m == nil {
		profiles.m = map[string]*Profile{
			"goroutine":     goroutineProfile,
			"threadcreate":  threadcreateProfile,
			"heap":          heapProfile,
			"allocs":        allocsProfile,
			"block":         blockProfile,
			"mutex":         mutexProfile,
			"goroutineleak": goroutineLeakProfile,
		}
	}
}

func unlockProfiles() { profiles.mu.Unlock() }

// NewProfile creates a new profile with the given name.
func NewProfile(name string) *Profile {
	lockProfiles()
	defer unlockProfiles()
	if name == "" {
		panic("pprof: NewProfile with empty name")
	}
	if profiles.m[name] != nil {
		panic("pprof: NewProfile name already in use: " + name)
	}
	p := &Profile{name: name, m: map[any][]uintptr{}}
	profiles.m[name] = p
	return p
}

// Lookup returns the profile with the given name, or nil if no such
// profile exists.
func Lookup(name string) *Profile {
	lockProfiles()
	defer unlockProfiles()
	return profiles.m[name]
}

// Profiles returns a slice of all the known profiles, sorted by name.
func Profiles() []*Profile {
	lockProfiles()
	defer unlockProfiles()
	all := make([]*Profile, 0, len(profiles.m))
	for _, p := range profiles.m {
		all = append(all, p)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].name < all[j].name })
	return all
}

// Name returns this profile's name.
func (p *Profile) Name() string { return p.name }

// Count returns the number of execution stacks currently in the profile.
func (p *Profile) Count() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.count != nil {
		return p.count()
	}
	return len(p.m)
}

// Add adds the current execution stack to the profile, associated with
// value.
func (p *Profile) Add(value any, skip int) {
	if p.name == "" {
		panic("pprof: use of uninitialized Profile")
	}
	if p.write != nil {
		panic("pprof: Add called on built-in Profile " + p.name)
	}
	stk := make([]uintptr, 32)
	n := runtime.Callers(skip+1, stk[:])
	stk = stk[:n]
	if len(stk) == 0 {
		stk = []uintptr{lostProfileEventPC()}
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.m[value] != nil {
		panic("pprof: Profile.Add of duplicate value")
	}
	p.m[value] = stk
}

// Remove removes the execution stack associated with value from the
// profile.
func (p *Profile) Remove(value any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	delete(p.m, value)
}

// WriteTo writes a pprof-formatted snapshot of the profile to w.
func (p *Profile) WriteTo(w io.Writer, debug int) error {
	if p.name == "" {
		panic("pprof: use of zero Profile")
	}
	if p.write != nil {
		return p.write(w, debug)
	}
	p.mu.Lock()
	all := make([][]uintptr, 0, len(p.m))
	for _, stk := range p.m {
		all = append(all, stk)
	}
	p.mu.Unlock()
	sort.Slice(all, func(i, j int) bool { return comparePCs(all[i], all[j]) < 0 })
	return printCountProfile(w, debug, p.name, &countProfile{stacks: all})
}

func comparePCs(a, b []uintptr) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			if a[i] < b[i] {
				return -1
			}
			return 1
		}
	}
	return len(a) - len(b)
}

// countProfile is a set of stacks, each with its labels (nil: none).
type countProfile struct {
	stacks [][]uintptr
	labels []*labelMap
}

func (p *countProfile) label(i int) *labelMap {
	if i < len(p.labels) {
		return p.labels[i]
	}
	return nil
}

func printCountProfile(w io.Writer, debug int, name string, p *countProfile) error {
	var buf strings.Builder
	key := func(stk []uintptr, lbls *labelMap) string {
		buf.Reset()
		buf.WriteString("@")
		for _, pc := range stk {
			fmt.Fprintf(&buf, " %#x", pc)
		}
		if lbls != nil {
			buf.WriteString("\n# labels: ")
			buf.WriteString(lbls.String())
		}
		return buf.String()
	}
	count := map[string]int{}
	index := map[string]int{}
	var keys []string
	for i := range p.stacks {
		k := key(p.stacks[i], p.label(i))
		if count[k] == 0 {
			index[k] = i
			keys = append(keys, k)
		}
		count[k]++
	}
	sort.Slice(keys, func(i, j int) bool {
		ki, kj := keys[i], keys[j]
		if count[ki] != count[kj] {
			return count[ki] > count[kj]
		}
		return ki < kj
	})
	if debug > 0 {
		tw := tabwriter.NewWriter(w, 1, 8, 1, '\t', 0)
		fmt.Fprintf(tw, "%s profile: total %d\n", name, len(p.stacks))
		for _, k := range keys {
			fmt.Fprintf(tw, "%d %s\n", count[k], k)
			printStackRecord(tw, p.stacks[index[k]], false)
		}
		return tw.Flush()
	}
	var counts, lens, nlabels []int
	var pcs []uintptr
	var labels []string
	for _, k := range keys {
		i := index[k]
		counts = append(counts, count[k])
		lens = append(lens, len(p.stacks[i]))
		pcs = append(pcs, p.stacks[i]...)
		l := p.label(i)
		if l == nil {
			nlabels = append(nlabels, 0)
			continue
		}
		nlabels = append(nlabels, len(l.list))
		for _, lbl := range l.list {
			labels = append(labels, lbl.key, lbl.value)
		}
	}
	_, err := w.Write(encodeCount(name, counts, lens, pcs, nlabels, labels))
	return err
}

func printStackRecord(w io.Writer, stk []uintptr, allFrames bool) {
	show := allFrames
	frames := runtime.CallersFrames(stk)
	for {
		frame, more := frames.Next()
		name := frame.Function
		if name == "" {
			show = true
			fmt.Fprintf(w, "#\t%#x\n", frame.PC)
		} else if name != "runtime.goexit" && (show || !(strings.HasPrefix(name, "runtime.") || strings.HasPrefix(name, "internal/runtime/"))) {
			show = true
			fmt.Fprintf(w, "#\t%#x\t%s+%#x\t%s:%d\n", frame.PC, name, frame.PC-frame.Entry, frame.File, frame.Line)
		}
		if !more {
			break
		}
	}
	if !show {
		printStackRecord(w, stk, true)
		return
	}
	fmt.Fprintf(w, "\n")
}

// splitStacks cuts the concatenated pcs into one stack per length.
func splitStacks(lens []int, pcs []uintptr) [][]uintptr {
	out := make([][]uintptr, len(lens))
	at := 0
	for i, n := range lens {
		out[i] = pcs[at : at+n : at+n]
		at += n
	}
	return out
}

func splitLabels(nlabels []int, kv []string) []*labelMap {
	out := make([]*labelMap, len(nlabels))
	at := 0
	for i, n := range nlabels {
		if n < 0 {
			continue
		}
		l := &labelMap{}
		for j := 0; j < n; j++ {
			l.list = append(l.list, label{kv[at], kv[at+1]})
			at += 2
		}
		out[i] = l
	}
	return out
}

// WriteHeapProfile is shorthand for Lookup("heap").WriteTo(w, 0).
func WriteHeapProfile(w io.Writer) error {
	return writeHeap(w, 0)
}

func countHeap() int {
	vals, _, _ := heapRecords()
	return len(vals) / 5
}

func writeHeap(w io.Writer, debug int) error {
	return writeHeapInternal(w, debug, "")
}

func writeAlloc(w io.Writer, debug int) error {
	return writeHeapInternal(w, debug, "alloc_space")
}

func writeHeapInternal(w io.Writer, debug int, defaultSampleType string) error {
	var s *runtime.MemStats
	if debug != 0 {
		s = new(runtime.MemStats)
		runtime.ReadMemStats(s)
	}
	if debug == 0 {
		_, err := w.Write(encodeHeap(defaultSampleType))
		return err
	}
	// Per record: allocated objects, freed objects, object size.
	vals, lens, pcs := heapRecords()
	stacks := splitStacks(lens, pcs)
	type rec struct {
		allocs, frees, size int64
		stk                 []uintptr
	}
	recs := make([]rec, len(stacks))
	for i := range recs {
		recs[i] = rec{int64(vals[5*i]), int64(vals[5*i+2]), int64(vals[5*i+4]), stacks[i]}
	}
	sort.SliceStable(recs, func(i, j int) bool {
		return (recs[i].allocs-recs[i].frees)*recs[i].size < (recs[j].allocs-recs[j].frees)*recs[j].size
	})
	b := bufio.NewWriter(w)
	tw := tabwriter.NewWriter(b, 1, 8, 1, '\t', 0)
	w = tw
	var allocObjs, allocBytes, freeObjs, freeBytes int64
	for _, r := range recs {
		allocBytes += r.allocs * r.size
		allocObjs += r.allocs
		freeBytes += r.frees * r.size
		freeObjs += r.frees
	}
	inUseBytes := allocBytes - freeBytes
	if inUseBytes == allocBytes {
		allocBytes++
	}
	fmt.Fprintf(w, "heap profile: %d: %d [%d: %d] @ heap/%d\n",
		allocObjs-freeObjs, inUseBytes, allocObjs, allocBytes, 2*runtime.MemProfileRate)
	for _, r := range recs {
		fmt.Fprintf(w, "%d: %d [%d: %d] @", r.allocs-r.frees, (r.allocs-r.frees)*r.size, r.allocs, r.allocs*r.size)
		for _, pc := range r.stk {
			fmt.Fprintf(w, " %#x", pc)
		}
		fmt.Fprintf(w, "\n")
		printStackRecord(w, r.stk, false)
	}
	fmt.Fprintf(w, "\n# runtime.MemStats\n")
	fmt.Fprintf(w, "# Alloc = %d\n", s.Alloc)
	fmt.Fprintf(w, "# TotalAlloc = %d\n", s.TotalAlloc)
	fmt.Fprintf(w, "# Sys = %d\n", s.Sys)
	fmt.Fprintf(w, "# Lookups = %d\n", s.Lookups)
	fmt.Fprintf(w, "# Mallocs = %d\n", s.Mallocs)
	fmt.Fprintf(w, "# Frees = %d\n", s.Frees)
	fmt.Fprintf(w, "# HeapAlloc = %d\n", s.HeapAlloc)
	fmt.Fprintf(w, "# HeapSys = %d\n", s.HeapSys)
	fmt.Fprintf(w, "# HeapIdle = %d\n", s.HeapIdle)
	fmt.Fprintf(w, "# HeapInuse = %d\n", s.HeapInuse)
	fmt.Fprintf(w, "# HeapReleased = %d\n", s.HeapReleased)
	fmt.Fprintf(w, "# HeapObjects = %d\n", s.HeapObjects)
	fmt.Fprintf(w, "# Stack = %d / %d\n", s.StackInuse, s.StackSys)
	fmt.Fprintf(w, "# MSpan = %d / %d\n", s.MSpanInuse, s.MSpanSys)
	fmt.Fprintf(w, "# MCache = %d / %d\n", s.MCacheInuse, s.MCacheSys)
	fmt.Fprintf(w, "# BuckHashSys = %d\n", s.BuckHashSys)
	fmt.Fprintf(w, "# GCSys = %d\n", s.GCSys)
	fmt.Fprintf(w, "# OtherSys = %d\n", s.OtherSys)
	fmt.Fprintf(w, "# NextGC = %d\n", s.NextGC)
	fmt.Fprintf(w, "# LastGC = %d\n", s.LastGC)
	fmt.Fprintf(w, "# PauseNs = %d\n", s.PauseNs)
	fmt.Fprintf(w, "# PauseEnd = %d\n", s.PauseEnd)
	fmt.Fprintf(w, "# NumGC = %d\n", s.NumGC)
	fmt.Fprintf(w, "# NumForcedGC = %d\n", s.NumForcedGC)
	fmt.Fprintf(w, "# GCCPUFraction = %v\n", s.GCCPUFraction)
	fmt.Fprintf(w, "# DebugGC = %v\n", s.DebugGC)
	tw.Flush()
	return b.Flush()
}

func countThreadCreate() int { return threadCount() }

func writeThreadCreate(w io.Writer, debug int) error {
	// minigo's threads are the runtime's, started by no Go code: the
	// profile has one empty stack per thread, as Go's mostly has.
	n := threadCount()
	return printCountProfile(w, debug, "threadcreate", &countProfile{stacks: make([][]uintptr, n)})
}

func countGoroutine() int { return runtime.NumGoroutine() }

func writeGoroutine(w io.Writer, debug int) error {
	if debug >= 2 {
		_, err := w.Write(goroutineDump())
		return err
	}
	lens, pcs, nlabels, labels := goroutineStacks()
	return printCountProfile(w, debug, "goroutine", &countProfile{
		stacks: splitStacks(lens, pcs),
		labels: splitLabels(nlabels, labels),
	})
}

func writeGoroutineLeak(w io.Writer, debug int) error {
	// No goroutine leak detection in minigo: the profile is empty.
	return printCountProfile(w, debug, "goroutineleak", &countProfile{})
}

func countBlock() int  { return len(contentionCounts(false)) }
func countMutex() int  { return len(contentionCounts(true)) }

func writeBlock(w io.Writer, debug int) error {
	return writeContention(w, debug, "contention", false)
}

func writeMutex(w io.Writer, debug int) error {
	return writeContention(w, debug, "mutex", true)
}

func writeContention(w io.Writer, debug int, name string, mutex bool) error {
	if debug <= 0 {
		_, err := w.Write(encodeContention(mutex))
		return err
	}
	// Sorted by delay, most first.
	counts, nanos, lens, pcs, fraction := contentionRecords(mutex)
	b := bufio.NewWriter(w)
	tw := tabwriter.NewWriter(b, 1, 8, 1, '\t', 0)
	fmt.Fprintf(tw, "--- %v:\n", name)
	fmt.Fprintf(tw, "cycles/second=%v\n", 1000000000)
	if mutex {
		fmt.Fprintf(tw, "sampling period=%d\n", fraction)
	}
	for i, stk := range splitStacks(lens, pcs) {
		fmt.Fprintf(tw, "%v %v @", nanos[i], counts[i])
		for _, pc := range stk {
			fmt.Fprintf(tw, " %#x", pc)
		}
		fmt.Fprint(tw, "\n")
		printStackRecord(tw, stk, true)
	}
	tw.Flush()
	return b.Flush()
}

var cpu struct {
	sync.Mutex
	profiling bool
	w         io.Writer
}

// StartCPUProfile enables CPU profiling for the current process. While
// profiling, the profile will be buffered and written to w.
// StartCPUProfile returns an error if profiling is already enabled.
func StartCPUProfile(w io.Writer) error {
	const hz = 100
	cpu.Lock()
	defer cpu.Unlock()
	if cpu.profiling {
		return fmt.Errorf("cpu profiling already in use")
	}
	cpu.profiling = true
	cpu.w = w
	startCPU(hz)
	return nil
}

// StopCPUProfile stops the current CPU profile, if any, and waits for
// the profile to be written.
func StopCPUProfile() {
	cpu.Lock()
	defer cpu.Unlock()
	if !cpu.profiling {
		return
	}
	cpu.profiling = false
	data := stopCPU()
	cpu.w.Write(data)
	cpu.w = nil
}

// ----- labels -----

type label struct {
	key   string
	value string
}

// LabelSet is a set of labels.
type LabelSet struct {
	list []label
}

// labelContextKey is the type of contextKeys used for profiler labels.
type labelContextKey struct{}

func labelValue(ctx context.Context) labelMap {
	labels, _ := ctx.Value(labelContextKey{}).(*labelMap)
	if labels == nil {
		return labelMap{}
	}
	return *labels
}

// labelMap is the representation of the label set held in the context
// type: labels sorted by key, without duplicates.
type labelMap struct {
	list []label
}

// String satisfies Stringer and returns key, value pairs in a consistent
// order.
func (l *labelMap) String() string {
	if l == nil {
		return ""
	}
	keyVals := make([]string, 0, len(l.list))
	for _, lbl := range l.list {
		keyVals = append(keyVals, fmt.Sprintf("%q:%q", lbl.key, lbl.value))
	}
	sort.Strings(keyVals)
	return "{" + strings.Join(keyVals, ", ") + "}"
}

// WithLabels returns a new context.Context with the given labels added.
// A label overwrites a prior label with the same key.
func WithLabels(ctx context.Context, labels LabelSet) context.Context {
	parent := labelValue(ctx)
	return context.WithValue(ctx, labelContextKey{}, &labelMap{mergeLabels(parent.list, labels.list)})
}

func mergeLabels(left, right []label) []label {
	if len(left) == 0 {
		return right
	} else if len(right) == 0 {
		return left
	}
	l, r := 0, 0
	result := make([]label, 0, len(right))
	for l < len(left) && r < len(right) {
		switch strings.Compare(left[l].key, right[r].key) {
		case -1:
			result = append(result, left[l])
			l++
		case 1:
			result = append(result, right[r])
			r++
		case 0:
			result = append(result, right[r])
			l++
			r++
		}
	}
	result = append(result, left[l:]...)
	result = append(result, right[r:]...)
	return result
}

// Labels takes an even number of strings representing key-value pairs
// and makes a LabelSet containing them. A label overwrites a prior label
// with the same key.
func Labels(args ...string) LabelSet {
	if len(args)%2 != 0 {
		panic("uneven number of arguments to pprof.Labels")
	}
	list := make([]label, 0, len(args)/2)
	sortedNoDupes := true
	for i := 0; i+1 < len(args); i += 2 {
		list = append(list, label{key: args[i], value: args[i+1]})
		sortedNoDupes = sortedNoDupes && (i < 2 || args[i] > args[i-2])
	}
	if !sortedNoDupes {
		sort.SliceStable(list, func(i, j int) bool { return list[i].key < list[j].key })
		deduped := make([]label, 0, len(list))
		for i, lbl := range list {
			if i == 0 || lbl.key != list[i-1].key {
				deduped = append(deduped, lbl)
			} else {
				deduped[len(deduped)-1] = lbl
			}
		}
		list = deduped
	}
	return LabelSet{list: list}
}

// Label returns the value of the label with the given key on ctx, and a
// boolean indicating whether that label exists.
func Label(ctx context.Context, key string) (string, bool) {
	for _, lbl := range labelValue(ctx).list {
		if lbl.key == key {
			return lbl.value, true
		}
	}
	return "", false
}

// ForLabels invokes f with each label set on the context. The function f
// should return true to continue iteration or false to stop iteration
// early.
func ForLabels(ctx context.Context, f func(key, value string) bool) {
	for _, lbl := range labelValue(ctx).list {
		if !f(lbl.key, lbl.value) {
			break
		}
	}
}

// SetGoroutineLabels sets the current goroutine's labels to match ctx.
// A new goroutine inherits the labels of the goroutine that created it.
func SetGoroutineLabels(ctx context.Context) {
	ctxLabels, _ := ctx.Value(labelContextKey{}).(*labelMap)
	if ctxLabels == nil {
		setGoroutineLabels(false, nil)
		return
	}
	kv := make([]string, 0, 2*len(ctxLabels.list))
	for _, l := range ctxLabels.list {
		kv = append(kv, l.key, l.value)
	}
	setGoroutineLabels(true, kv)
}

// Do calls f with a copy of the parent context with the given labels
// added to the parent's label map. Goroutines spawned while executing f
// will inherit the augmented label-set.
func Do(ctx context.Context, labels LabelSet, f func(context.Context)) {
	defer SetGoroutineLabels(ctx)
	ctx = WithLabels(ctx, labels)
	SetGoroutineLabels(ctx)
	f(ctx)
}

// ----- natives (mod.rs) -----

func lostProfileEventPC() uintptr
func encodeCount(name string, counts, lens []int, pcs []uintptr, nlabels []int, labels []string) []byte
func encodeHeap(defaultSampleType string) []byte
func heapRecords() (vals []int, lens []int, pcs []uintptr)
func threadCount() int
func goroutineDump() []byte
func goroutineStacks() (lens []int, pcs []uintptr, nlabels []int, labels []string)
func contentionCounts(mutex bool) []int
func contentionRecords(mutex bool) (counts, nanos, lens []int, pcs []uintptr, fraction int)
func encodeContention(mutex bool) []byte
func startCPU(hz int)
func stopCPU() []byte
func setGoroutineLabels(set bool, kv []string)
