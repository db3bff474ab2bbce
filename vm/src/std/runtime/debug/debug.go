// Package debug (runtime/debug): the collector's knobs, stack traces.
package debug

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
)

// SetGCPercent sets the collection target percentage (GOGC) and returns
// the previous setting; a negative percentage disables collection.
func SetGCPercent(percent int) int

// SetMemoryLimit sets the soft memory limit (GOMEMLIMIT) and returns the
// previous one; a negative input only reports the current limit.
func SetMemoryLimit(limit int64) int64

// FreeOSMemory forces a garbage collection and returns the memory of the
// heap's free blocks to the OS.
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

// GCStats collect information about recent garbage collections.
type GCStats struct {
	LastGC         time.Time       // time of last collection
	NumGC          int64           // number of garbage collections
	PauseTotal     time.Duration   // total pause for all collections
	Pause          []time.Duration // pause history, most recent first
	PauseEnd       []time.Time     // pause end times history, most recent first
	PauseQuantiles []time.Duration
}

// ReadGCStats reads statistics about garbage collection into stats (from
// runtime.ReadMemStats: at most the last 256 pauses). With a non-empty
// PauseQuantiles it fills in the minimum, the quantiles and the maximum.
func ReadGCStats(stats *GCStats) {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	n := int(m.NumGC)
	if n > len(m.PauseNs) {
		n = len(m.PauseNs)
	}
	stats.LastGC = time.Unix(0, int64(m.LastGC))
	stats.NumGC = int64(m.NumGC)
	stats.PauseTotal = time.Duration(m.PauseTotalNs)
	if cap(stats.Pause) < n {
		stats.Pause = make([]time.Duration, 0, len(m.PauseNs))
	}
	stats.Pause = stats.Pause[:0]
	if cap(stats.PauseEnd) < n {
		stats.PauseEnd = make([]time.Time, 0, len(m.PauseNs))
	}
	stats.PauseEnd = stats.PauseEnd[:0]
	for i := 0; i < n; i++ {
		j := (int(m.NumGC) - 1 - i + len(m.PauseNs)) % len(m.PauseNs)
		stats.Pause = append(stats.Pause, time.Duration(m.PauseNs[j]))
		stats.PauseEnd = append(stats.PauseEnd, time.Unix(0, int64(m.PauseEnd[j])))
	}
	if q := stats.PauseQuantiles; len(q) > 0 {
		if n == 0 {
			clear(q)
			return
		}
		sorted := slices.Clone(stats.Pause)
		slices.Sort(sorted)
		nq := len(q) - 1
		for i := 0; i < nq; i++ {
			q[i] = sorted[len(sorted)*i/nq]
		}
		q[nq] = sorted[len(sorted)-1]
	}
}

var (
	maxStack   = 1000000000
	maxThreads = 10000
	panicFault bool
)

// SetMaxStack sets the maximum amount of memory one goroutine stack may
// use and returns the previous setting. minigo stores it; its own limit
// on the depth of calls (a fatal "stack overflow") stays.
func SetMaxStack(bytes int) int {
	old := maxStack
	maxStack = bytes
	return old
}

// SetMaxThreads sets the maximum number of OS threads the program may use
// and returns the previous setting. minigo stores it (its threads are
// GOMAXPROCS plus a few, far below the default 10000).
func SetMaxThreads(threads int) int {
	old := maxThreads
	maxThreads = threads
	return old
}

// SetPanicOnFault controls the behaviour on an unexpected fault at a
// non-nil address and returns the previous setting. minigo has no such
// faults (no unsafe memory access reaches the hardware): the setting is
// stored, for the whole program rather than per goroutine.
func SetPanicOnFault(enabled bool) bool {
	old := panicFault
	panicFault = enabled
	return old
}

// CrashOptions provides options that control the formatting of the fatal
// crash message (none yet, as in Go).
type CrashOptions struct{}

// SetCrashOutput configures a single additional file where unhandled
// panics and other fatal errors are printed, in addition to standard
// error; nil stops it. The file is duplicated, so f may be closed after.
func SetCrashOutput(f *os.File, opts CrashOptions) error {
	fd := -1
	if f != nil {
		fd = int(f.Fd())
	}
	if !setCrashOutput(fd) {
		return errors.New("bad file descriptor")
	}
	return nil
}

func setCrashOutput(fd int) bool

// WriteHeapDump writes a description of the heap to the file descriptor
// fd in Go's heap dump format: minigo writes the header, the parameters,
// the memory statistics and the end record (no objects, goroutines or
// roots: its heap has no Go type layouts to describe).
func WriteHeapDump(fd uintptr) {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	var b []byte
	uv := func(v uint64) {
		for v >= 0x80 {
			b = append(b, byte(v)|0x80)
			v >>= 7
		}
		b = append(b, byte(v))
	}
	str := func(s string) {
		uv(uint64(len(s)))
		b = append(b, s...)
	}
	b = append(b, "go1.7 heap dump\n"...)
	// Parameters: little endian, pointer size, heap bounds, arch, GOEXPERIMENT, ncpu.
	uv(6)
	uv(0)
	uv(8)
	uv(0)
	uv(0)
	str(runtime.GOARCH)
	str("")
	uv(uint64(runtime.NumCPU()))
	// Memory statistics.
	uv(10)
	for _, v := range []uint64{m.Alloc, m.TotalAlloc, m.Sys, m.Lookups, m.Mallocs, m.Frees,
		m.HeapAlloc, m.HeapSys, m.HeapIdle, m.HeapInuse, m.HeapReleased, m.HeapObjects,
		m.StackInuse, m.StackSys, m.MSpanInuse, m.MSpanSys, m.MCacheInuse, m.MCacheSys,
		m.BuckHashSys, m.GCSys, m.OtherSys, m.NextGC, m.LastGC, m.PauseTotalNs} {
		uv(v)
	}
	for _, v := range m.PauseNs {
		uv(v)
	}
	uv(uint64(m.NumGC))
	// End of dump.
	uv(0)
	f := os.NewFile(fd, "heapdump")
	f.Write(b)
}

// BuildInfo represents the build information read from a Go binary.
type BuildInfo struct {
	GoVersion string
	Path      string
	Main      Module
	Deps      []*Module
	Settings  []BuildSetting
}

// A Module describes a single module included in a build.
type Module struct {
	Path    string
	Version string
	Sum     string
	Replace *Module
}

// A BuildSetting is a key-value pair describing one setting that
// influenced a build.
type BuildSetting struct {
	Key, Value string
}

// ReadBuildInfo returns the build information of the running program:
// the main package's path and, in a module, the main module at version
// (devel), as `go run` reports them. Deps stays empty (minigo builds no
// outside modules); the settings are minigo's (no cgo).
func ReadBuildInfo() (info *BuildInfo, ok bool) {
	path, mod := mainModule()
	bi := &BuildInfo{GoVersion: runtime.Version(), Path: path}
	if mod != "" {
		bi.Main = Module{Path: mod, Version: "(devel)"}
	}
	bi.Settings = []BuildSetting{
		{"-buildmode", "exe"},
		{"-compiler", runtime.Compiler},
		{"CGO_ENABLED", "0"},
		{"GOARCH", runtime.GOARCH},
		{"GOOS", runtime.GOOS},
		{"GOAMD64", "v1"},
	}
	return bi, true
}

func mainModule() (path, mod string)

func quoteKey(key string) bool { return len(key) == 0 || strings.ContainsAny(key, "= \t\r\n\"`") }

func quoteValue(value string) bool { return strings.ContainsAny(value, " \t\r\n\"`") }

// String returns the build information in the text form of `go version -m`.
func (bi *BuildInfo) String() string {
	var b strings.Builder
	if bi.GoVersion != "" {
		b.WriteString("go\t" + bi.GoVersion + "\n")
	}
	if bi.Path != "" {
		b.WriteString("path\t" + bi.Path + "\n")
	}
	var mod func(word string, m Module)
	mod = func(word string, m Module) {
		b.WriteString(word + "\t" + m.Path + "\t" + m.Version)
		if m.Replace == nil {
			b.WriteString("\t" + m.Sum)
		} else {
			b.WriteString("\n")
			mod("=>", *m.Replace)
		}
		b.WriteString("\n")
	}
	if bi.Main != (Module{}) {
		mod("mod", bi.Main)
	}
	for _, d := range bi.Deps {
		mod("dep", *d)
	}
	for _, s := range bi.Settings {
		k, v := s.Key, s.Value
		if quoteKey(k) {
			k = strconv.Quote(k)
		}
		if quoteValue(v) {
			v = strconv.Quote(v)
		}
		b.WriteString("build\t" + k + "=" + v + "\n")
	}
	return b.String()
}

// ParseBuildInfo parses the string returned by BuildInfo.String.
func ParseBuildInfo(data string) (bi *BuildInfo, err error) {
	lineNum := 1
	defer func() {
		if err != nil {
			err = fmt.Errorf("could not parse Go build info: line %d: %w", lineNum, err)
		}
	}()
	module := func(cols []string) (Module, error) {
		if len(cols) != 2 && len(cols) != 3 {
			return Module{}, fmt.Errorf("expected 2 or 3 columns; got %d", len(cols))
		}
		m := Module{Path: cols[0], Version: cols[1]}
		if len(cols) == 3 {
			m.Sum = cols[2]
		}
		return m, nil
	}
	bi = new(BuildInfo)
	var last *Module
	for len(data) > 0 {
		line, rest, ok := strings.Cut(data, "\n")
		if !ok {
			break
		}
		data = rest
		word, tail, _ := strings.Cut(line, "\t")
		switch {
		case !strings.Contains(line, "\t"):
		case word == "path":
			bi.Path = tail
		case word == "mod":
			last = &bi.Main
			if *last, err = module(strings.Split(tail, "\t")); err != nil {
				return nil, err
			}
		case word == "dep":
			last = new(Module)
			bi.Deps = append(bi.Deps, last)
			if *last, err = module(strings.Split(tail, "\t")); err != nil {
				return nil, err
			}
		case word == "=>":
			cols := strings.Split(tail, "\t")
			if len(cols) != 3 {
				return nil, fmt.Errorf("expected 3 columns for replacement; got %d", len(cols))
			}
			if last == nil {
				return nil, fmt.Errorf("replacement with no module on previous line")
			}
			last.Replace = &Module{Path: cols[0], Version: cols[1], Sum: cols[2]}
			last = nil
		case word == "build":
			s, err := parseSetting(tail)
			if err != nil {
				return nil, err
			}
			bi.Settings = append(bi.Settings, s)
		}
		lineNum++
	}
	return bi, nil
}

func parseSetting(kv string) (BuildSetting, error) {
	if len(kv) < 1 {
		return BuildSetting{}, errors.New("build line missing '='")
	}
	var key, raw string
	switch kv[0] {
	case '=':
		return BuildSetting{}, errors.New("build line with missing key")
	case '`', '"':
		q, err := strconv.QuotedPrefix(kv)
		if err != nil {
			return BuildSetting{}, errors.New("invalid quoted key in build line")
		}
		if len(kv) == len(q) {
			return BuildSetting{}, errors.New("build line missing '=' after quoted key")
		}
		if c := kv[len(q)]; c != '=' {
			return BuildSetting{}, fmt.Errorf("unexpected character after quoted key: %q", c)
		}
		key, _ = strconv.Unquote(q)
		raw = kv[len(q)+1:]
	default:
		var ok bool
		key, raw, ok = strings.Cut(kv, "=")
		if !ok {
			return BuildSetting{}, errors.New("build line missing '=' after key")
		}
		if quoteKey(key) {
			return BuildSetting{}, fmt.Errorf("unquoted key %q must be quoted", key)
		}
	}
	value := raw
	if len(raw) > 0 && (raw[0] == '`' || raw[0] == '"') {
		v, err := strconv.Unquote(raw)
		if err != nil {
			return BuildSetting{}, errors.New("invalid quoted value in build line")
		}
		value = v
	} else if quoteValue(raw) {
		return BuildSetting{}, fmt.Errorf("unquoted value %q must be quoted", raw)
	}
	return BuildSetting{Key: key, Value: value}, nil
}
