// Package testing as `minigo test` runs it: the test binary's side of
// `go test` (the command's side is vm/src/gotest.rs, which generates the
// main that calls MinigoMain). Written in Go over runtime.Caller and
// runtime.Goexit; output follows Go's testing package line for line.
//
// Differences from Go: T.Parallel only records the call (tests run one
// after another); allocation counts print as 0; no fuzzing, examples or
// -json output.
package testing

import (
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"
)

var (
	chatty    *bool
	runFlag   *string
	skipFlag  *string
	benchFlag *string
	benchTime *string
	countFlag *uint
	shortFlag *bool
	failFast  *bool
	benchMem  *bool
	timeout   *time.Duration

	initDone bool
	// This file's name as runtime.Caller reports it: frames in it are
	// skipped when a log line is attributed to the test's source.
	ownFile string
	// Names used by subtests so far, for Go's `#01` suffixes, and the
	// count of failed tests, under runMu: subtests may be run by
	// several goroutines at once.
	runMu    sync.Mutex
	subNames = map[string]int{}
	deadline time.Time
)

// Init registers the testing flags (`-test.v`, `-test.run`, ...).
func Init() {
	if initDone {
		return
	}
	initDone = true
	chatty = flag.Bool("test.v", false, "verbose: print additional output")
	runFlag = flag.String("test.run", "", "run only tests and examples matching `regexp`")
	skipFlag = flag.String("test.skip", "", "do not list or run tests matching `regexp`")
	benchFlag = flag.String("test.bench", "", "run only benchmarks matching `regexp`")
	benchTime = flag.String("test.benchtime", "1s", "run each benchmark for duration `d` or N times if `d` is of the form Nx")
	countFlag = flag.Uint("test.count", 1, "run tests and benchmarks `n` times")
	shortFlag = flag.Bool("test.short", false, "run smaller test suite to save time")
	failFast = flag.Bool("test.failfast", false, "do not start new tests after the first test failure")
	benchMem = flag.Bool("test.benchmem", false, "print memory allocations for benchmarks")
	timeout = flag.Duration("test.timeout", 0, "panic test binary after duration `d` (default 0, timeout disabled)")
	flag.Bool("test.paniconexit0", false, "panic on call to os.Exit(0)")
	_, ownFile, _, _ = runtime.Caller(0)
}

// Short reports whether the -test.short flag is set.
func Short() bool {
	if shortFlag == nil {
		panic("testing: Short called before Init")
	}
	return *shortFlag
}

// Verbose reports whether the -test.v flag is set.
func Verbose() bool {
	if chatty == nil {
		panic("testing: Verbose called before Init")
	}
	return *chatty
}

// Testing reports whether the current code is being run in a test.
func Testing() bool { return initDone }

// TB is the interface common to T and B.
type TB interface {
	Cleanup(func())
	Error(args ...any)
	Errorf(format string, args ...any)
	Fail()
	FailNow()
	Failed() bool
	Fatal(args ...any)
	Fatalf(format string, args ...any)
	Helper()
	Log(args ...any)
	Logf(format string, args ...any)
	Name() string
	Setenv(key, value string)
	Skip(args ...any)
	SkipNow()
	Skipf(format string, args ...any)
	Skipped() bool
	TempDir() string
}

type common struct {
	mu       sync.Mutex
	name     string
	output   []byte
	failed   bool
	skipped  bool
	finished bool
	level    int
	parent   *common
	helpers  map[uint64]bool
	cleanups []func()
	start    time.Time
	duration time.Duration
	tempDirs []string
	envs     []envSave
	bench    bool
	// T.Parallel was called; T.Setenv or T.Chdir was (they exclude it).
	isParallel   bool
	denyParallel bool
	// The F's fuzz function is running (F's own methods panic then).
	inFuzzFn bool
	// Under -race: the races counted when this test (or a subtest) last
	// looked, and whether it has logged its race failure.
	lastRaceErrors  int
	raceErrorLogged bool
}

// raceErrors is the number of data races `-race` has reported so far in
// this process (0 without -race).
func raceErrors() int

// checkRaces fails c if races were reported since it last looked (and
// logs why, once), and tells its parents, so that a parent waiting in
// Run does not fail again for its subtest's race. As Go's.
func (c *common) checkRaces() int {
	n := raceErrors()
	c.mu.Lock()
	if n <= c.lastRaceErrors {
		c.mu.Unlock()
		return n
	}
	c.lastRaceErrors = n
	first := !c.raceErrorLogged
	c.raceErrorLogged = true
	c.mu.Unlock()
	if first {
		// Go's checkRaces calls Errorf, so the line names its own
		// source: testing.go:1867 in Go 1.27.
		c.logAt("testing.go:1867", "race detected during execution of test")
		c.Fail()
	}
	for p := c.parent; p != nil; p = p.parent {
		p.mu.Lock()
		if n > p.lastRaceErrors {
			p.lastRaceErrors = n
		}
		p.mu.Unlock()
	}
	return n
}

type envSave struct {
	key   string
	value string
	had   bool
}

// T is the state of one test.
type T struct {
	common
}

// InternalTest is a test of the generated main.
type InternalTest struct {
	Name string
	F    func(*T)
}

// InternalBenchmark is a benchmark of the generated main.
type InternalBenchmark struct {
	Name string
	F    func(b *B)
}

// Name returns the test's name (`TestX/sub`).
func (c *common) Name() string { return c.name }

// Fail marks the test failed and lets it go on.
func (c *common) Fail() {
	c.mu.Lock()
	c.failed = true
	c.mu.Unlock()
	if c.parent != nil {
		c.parent.Fail()
	}
}

// Failed reports whether the test has failed.
func (c *common) Failed() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.failed
}

// FailNow marks the test failed and stops it (runtime.Goexit).
func (c *common) FailNow() {
	c.Fail()
	c.mu.Lock()
	c.finished = true
	c.mu.Unlock()
	runtime.Goexit()
}

// SkipNow marks the test skipped and stops it.
func (c *common) SkipNow() {
	c.mu.Lock()
	c.skipped = true
	c.finished = true
	c.mu.Unlock()
	runtime.Goexit()
}

// Skipped reports whether the test was skipped.
func (c *common) Skipped() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.skipped
}

// Helper marks the calling function a helper: log lines name its caller.
func (c *common) Helper() {
	pc, _, _, ok := runtime.Caller(1)
	if !ok {
		return
	}
	c.mu.Lock()
	if c.helpers == nil {
		c.helpers = map[uint64]bool{}
	}
	c.helpers[uint64(pc)>>32] = true
	c.mu.Unlock()
}

// frame is the file:line the log line is attributed to: the first caller
// outside this file and outside the helpers.
func (c *common) frame() string {
	c.mu.Lock()
	helpers := c.helpers
	c.mu.Unlock()
	for skip := 1; skip < 64; skip++ {
		pc, file, line, ok := runtime.Caller(skip)
		if !ok {
			break
		}
		if file == ownFile || helpers[uint64(pc)>>32] {
			continue
		}
		if i := strings.LastIndex(file, "/"); i >= 0 {
			file = file[i+1:]
		}
		return file + ":" + strconv.Itoa(line)
	}
	return "???:1"
}

func (c *common) logDepth(s string) { c.logAt(c.frame(), s) }

// logAt records a log line attributed to where (file:line).
func (c *common) logAt(where, s string) {
	if len(s) > 0 && s[len(s)-1] == '\n' {
		s = s[:len(s)-1]
	}
	s = strings.ReplaceAll(s, "\n", "\n        ")
	line := "    " + where + ": " + s + "\n"
	if *chatty && !c.bench {
		os.Stdout.WriteString(line)
		return
	}
	c.mu.Lock()
	c.output = append(c.output, line...)
	c.mu.Unlock()
}

// Log formats its arguments as fmt.Sprintln and records them.
func (c *common) Log(args ...any) { c.logDepth(fmt.Sprintln(args...)) }

// Logf formats its arguments as fmt.Sprintf and records them.
func (c *common) Logf(format string, args ...any) { c.logDepth(fmt.Sprintf(format, args...)) }

// Error is Log then Fail.
func (c *common) Error(args ...any) {
	c.logDepth(fmt.Sprintln(args...))
	c.Fail()
}

// Errorf is Logf then Fail.
func (c *common) Errorf(format string, args ...any) {
	c.logDepth(fmt.Sprintf(format, args...))
	c.Fail()
}

// Fatal is Log then FailNow.
func (c *common) Fatal(args ...any) {
	c.logDepth(fmt.Sprintln(args...))
	c.FailNow()
}

// Fatalf is Logf then FailNow.
func (c *common) Fatalf(format string, args ...any) {
	c.logDepth(fmt.Sprintf(format, args...))
	c.FailNow()
}

// Skip is Log then SkipNow.
func (c *common) Skip(args ...any) {
	c.logDepth(fmt.Sprintln(args...))
	c.SkipNow()
}

// Skipf is Logf then SkipNow.
func (c *common) Skipf(format string, args ...any) {
	c.logDepth(fmt.Sprintf(format, args...))
	c.SkipNow()
}

// Cleanup registers f to run after the test (last registered, first run).
func (c *common) Cleanup(f func()) {
	c.mu.Lock()
	c.cleanups = append(c.cleanups, f)
	c.mu.Unlock()
}

func (c *common) runCleanups() {
	for {
		c.mu.Lock()
		n := len(c.cleanups)
		if n == 0 {
			c.mu.Unlock()
			break
		}
		f := c.cleanups[n-1]
		c.cleanups = c.cleanups[:n-1]
		c.mu.Unlock()
		f()
	}
}

// TempDir returns a new directory, removed when the test ends.
func (c *common) TempDir() string {
	name := strings.Map(func(r rune) rune {
		if r == '/' || r == '\\' || r == ':' || r == ' ' {
			return '_'
		}
		return r
	}, c.name)
	dir, err := os.MkdirTemp("", name)
	if err != nil {
		c.Fatalf("TempDir: %v", err)
	}
	c.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}

func (c *common) checkFuzzFn(name string) {
	if c.inFuzzFn {
		panic(fmt.Sprintf("testing: f.%s was called inside the fuzz target, use t.%s instead", name, name))
	}
}

// Setenv sets an environment variable, restored when the test ends.
func (c *common) Setenv(key, value string) {
	c.checkFuzzFn("Setenv")
	prev, had := os.LookupEnv(key)
	if err := os.Setenv(key, value); err != nil {
		c.Fatalf("cannot set environment variable: %v", err)
	}
	c.Cleanup(func() {
		if had {
			os.Setenv(key, prev)
		} else {
			os.Unsetenv(key)
		}
	})
}

// Chdir changes the working directory (and PWD), restored when the
// test ends.
func (c *common) Chdir(dir string) {
	c.checkFuzzFn("Chdir")
	old, err := os.Getwd()
	if err != nil {
		c.Fatal(err)
	}
	if err := os.Chdir(dir); err != nil {
		c.Fatal(err)
	}
	if !filepath.IsAbs(dir) {
		if dir, err = os.Getwd(); err != nil {
			c.Fatal(err)
		}
	}
	c.Setenv("PWD", dir)
	c.Cleanup(func() {
		if err := os.Chdir(old); err != nil {
			panic("testing.Chdir: " + err.Error())
		}
	})
}

const parallelConflict = `testing: test using t.Setenv, t.Chdir, or cryptotest.SetGlobalRandom can not use t.Parallel`

// Parallel marks the test parallel. minigo still runs tests one after
// another, but keeps Go's checks (a second call, Setenv or Chdir).
func (t *T) Parallel() {
	if t.isParallel {
		panic("testing: t.Parallel called multiple times")
	}
	if t.denyParallel {
		panic(parallelConflict)
	}
	t.isParallel = true
}

func (t *T) checkParallel() {
	for c := &t.common; c != nil; c = c.parent {
		if c.isParallel {
			panic(parallelConflict)
		}
	}
	t.denyParallel = true
}

// Setenv calls os.Setenv and restores the variable when the test ends;
// it panics in a parallel test (or one with parallel ancestors).
func (t *T) Setenv(key, value string) {
	t.checkParallel()
	t.common.Setenv(key, value)
}

// Chdir calls os.Chdir and restores the directory when the test ends; it
// panics in a parallel test (or one with parallel ancestors).
func (t *T) Chdir(dir string) {
	t.checkParallel()
	t.common.Chdir(dir)
}

// Deadline reports the -test.timeout deadline, if any.
func (t *T) Deadline() (time.Time, bool) {
	return deadline, !deadline.IsZero()
}

// rewrite is Go's subtest-name rewriting: spaces become `_`, unprintable
// runes their escapes.
func rewrite(s string) string {
	b := []byte{}
	for _, r := range s {
		switch {
		case r == ' ' || r == '\t' || r == '\n' || r == '\v' || r == '\f' || r == '\r' || r == 0x85 || r == 0xA0:
			b = append(b, '_')
		case !unicode.IsPrint(r):
			q := strconv.QuoteRune(r)
			b = append(b, q[1:len(q)-1]...)
		default:
			b = append(b, string(r)...)
		}
	}
	return string(b)
}

func uniqueName(parent, sub string) string {
	base := parent + "/" + sub
	runMu.Lock()
	defer runMu.Unlock()
	for {
		n := subNames[base]
		subNames[base] = n + 1
		if n == 0 && sub != "" {
			return base
		}
		name := fmt.Sprintf("%s#%02d", base, n)
		if subNames[name] == 0 {
			subNames[name] = 1
			return name
		}
	}
}

// splitPattern splits a -run pattern at its slashes outside brackets.
func splitPattern(p string) []string {
	if p == "" {
		return nil
	}
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '[':
			depth++
		case ']':
			if depth > 0 {
				depth--
			}
		case '\\':
			i++
		case '/':
			if depth == 0 {
				out = append(out, p[start:i])
				start = i + 1
			}
		}
	}
	return append(out, p[start:])
}

type matcher struct {
	run  []*regexp.Regexp
	skip []*regexp.Regexp
}

func newMatcher(run, skip, flagName string) *matcher {
	m := &matcher{}
	compile := func(p string) []*regexp.Regexp {
		var out []*regexp.Regexp
		for _, e := range splitPattern(p) {
			re, err := regexp.Compile(e)
			if err != nil {
				fmt.Fprintf(os.Stderr, "testing: invalid regexp for element %d of %s (%q): %s\n", len(out), flagName, e, err)
				os.Exit(1)
			}
			out = append(out, re)
		}
		return out
	}
	m.run = compile(run)
	m.skip = compile(skip)
	return m
}

// matches: whether the test named by its elements runs.
func (m *matcher) matches(elems []string) bool {
	for i, e := range elems {
		if i < len(m.run) && !m.run[i].MatchString(e) {
			return false
		}
	}
	if len(m.skip) > 0 && len(elems) >= len(m.skip) {
		all := true
		for i, re := range m.skip {
			if !re.MatchString(elems[i]) {
				all = false
				break
			}
		}
		if all {
			return false
		}
	}
	return true
}

var testMatch *matcher

func fmtDuration(d time.Duration) string {
	return fmt.Sprintf("%.2fs", d.Seconds())
}

// report is the `--- PASS: name (0.00s)` line and the test's output.
func (c *common) report() string {
	status := ""
	switch {
	case c.failed:
		status = "FAIL"
	case !*chatty:
		return ""
	case c.skipped:
		status = "SKIP"
	default:
		status = "PASS"
	}
	return "--- " + status + ": " + c.name + " (" + fmtDuration(c.duration) + ")\n" + string(c.output)
}

func indent(s string) string {
	if s == "" {
		return s
	}
	lines := strings.SplitAfter(s, "\n")
	var b strings.Builder
	for _, l := range lines {
		if l != "" {
			b.WriteString("    ")
			b.WriteString(l)
		}
	}
	return b.String()
}

// tRunner runs one test in its goroutine and reports through done.
func tRunner(t *T, fn func(*T), done chan bool) {
	runner(&t.common, func() { fn(t) }, done)
}

// runner runs the body of a test or fuzz target (c) and reports through
// done.
func runner(t *common, body func(), done chan bool) {
	t.start = time.Now()
	if t.parent == nil {
		t.lastRaceErrors = raceErrors()
	} else {
		t.lastRaceErrors = t.parent.checkRaces()
	}
	defer func() {
		t.checkRaces()
		err := recover()
		t.mu.Lock()
		finished := t.finished
		t.mu.Unlock()
		goexit := err == nil && !finished
		if goexit {
			err = "test executed panic(nil) or runtime.Goexit"
		}
		t.duration = time.Since(t.start)
		if err != nil {
			// Go reports the failing test and its parents, then panics
			// again (ending the binary with exit status 2).
			t.Fail()
			t.runCleanups()
			var out string
			for c := t; c != nil; c = c.parent {
				c.mu.Lock()
				c.failed = true
				if c != t {
					c.duration = time.Since(c.start)
				}
				r := "--- FAIL: " + c.name + " (" + fmtDuration(c.duration) + ")\n"
				if !*chatty {
					r += string(c.output)
				}
				c.mu.Unlock()
				out = r + indent(out)
			}
			os.Stdout.WriteString(out)
			if goexit {
				// A panic raised while Goexit unwinds would print as a
				// nested panic; Go prints this one alone.
				fmt.Fprintf(os.Stderr, "panic: %s\n", err)
				os.Exit(2)
			}
			panic(err)
		}
		t.runCleanups()
		t.checkRaces()
		if t.Failed() {
			runMu.Lock()
			numFailed++
			runMu.Unlock()
		}
		done <- true
	}()
	body()
	t.mu.Lock()
	t.finished = true
	t.mu.Unlock()
}

// numFailed counts the failed tests and subtests (for -test.failfast).
var numFailed int

// failedSoFar: whether a test has failed (-test.failfast stops there).
func failedSoFar() bool {
	runMu.Lock()
	defer runMu.Unlock()
	return numFailed > 0
}

// Run runs f as the subtest `name` of t, in its own goroutine, and waits
// for it; it reports whether the subtest passed.
func (t *T) Run(name string, f func(t *T)) bool {
	full := uniqueName(t.name, rewrite(name))
	if !testMatch.matches(strings.Split(full, "/")) || (*failFast && failedSoFar()) {
		return true
	}
	sub := &T{common: common{name: full, parent: &t.common, level: t.level + 1}}
	if *chatty {
		os.Stdout.WriteString("=== RUN   " + full + "\n")
	}
	done := make(chan bool)
	go tRunner(sub, f, done)
	<-done
	if r := sub.report(); r != "" {
		t.mu.Lock()
		t.output = append(t.output, indent(r)...)
		t.mu.Unlock()
	}
	return !sub.Failed()
}

// M is what TestMain receives.
type M struct {
	tests       []InternalTest
	benchmarks  []InternalBenchmark
	fuzzTargets []InternalFuzzTarget
	examples    []InternalExample
	exitCode    int
	ran         bool
}

// runTests runs the tests matching -test.run (-test.count times): did
// any run, did all pass.
func runTests(tests []InternalTest) (ran, ok bool) {
	ok = true
	for n := uint(0); n < *countFlag && !(*failFast && !ok); n++ {
		// Each round names its subtests afresh, as Go's new matcher does.
		runMu.Lock()
		subNames = map[string]int{}
		runMu.Unlock()
		for _, test := range tests {
			if *failFast && !ok {
				break
			}
			if !testMatch.matches([]string{test.Name}) {
				continue
			}
			ran = true
			t := &T{common: common{name: test.Name}}
			if *chatty {
				os.Stdout.WriteString("=== RUN   " + test.Name + "\n")
			}
			done := make(chan bool)
			go tRunner(t, test.F, done)
			<-done
			os.Stdout.WriteString(t.report())
			if t.Failed() {
				ok = false
			}
		}
	}
	return ran, ok
}

// prepare parses the flags (if nobody has) and sets up the matcher.
func prepare() {
	Init()
	if !flag.Parsed() {
		flag.Parse()
	}
	if *timeout > 0 && deadline.IsZero() {
		deadline = time.Now().Add(*timeout)
	}
	if testMatch == nil {
		testMatch = newMatcher(*runFlag, *skipFlag, "-test.run")
	}
}

// Run runs the tests, examples, fuzz targets' seed corpora and
// benchmarks, and returns the exit code.
func (m *M) Run() (code int) {
	prepare()
	ranMain = true
	testRan, ok := runTests(m.tests)
	fuzzRan := false
	if !*failFast || ok {
		var fOK bool
		fuzzRan, fOK = runFuzzTests(m.fuzzTargets)
		ok = ok && fOK
	}
	exRan, exOK := runExamples(m.examples)
	ok = ok && exOK
	if !testRan && !exRan && !fuzzRan && *benchFlag == "" {
		fmt.Fprintln(os.Stderr, "testing: warning: no tests to run")
	}
	if ok && *benchFlag != "" {
		ok = runBenchmarks(m.benchmarks)
	}
	if ok && raceErrors() > 0 {
		fmt.Print("testing: race detected outside of test execution\n")
		ok = false
	}
	if !ok {
		fmt.Println("FAIL")
		m.exitCode = 1
		return 1
	}
	fmt.Println("PASS")
	m.exitCode = 0
	return 0
}

// MinigoMain is the entry of the main `minigo test` generates.
func MinigoMain(tests []InternalTest, benchmarks []InternalBenchmark, fuzzTargets []InternalFuzzTarget, examples []InternalExample, testMain func(*M)) {
	Init()
	m := &M{tests: tests, benchmarks: benchmarks, fuzzTargets: fuzzTargets, examples: examples}
	if testMain == nil {
		os.Exit(m.Run())
	}
	testMain(m)
	os.Exit(m.exitCode)
}

// MainStart is Go's hook for generated mains; minigo's use MinigoMain.
// deps (Go's matchString and friends) is not used: -test.run patterns
// are regular expressions, as with Go's own deps.
func MainStart(deps any, tests []InternalTest, benchmarks []InternalBenchmark, fuzzTargets []InternalFuzzTarget, examples []InternalExample) *M {
	Init()
	return &M{tests: tests, benchmarks: benchmarks, fuzzTargets: fuzzTargets, examples: examples}
}

// Main is an internal function of old generated mains: it runs the tests
// (matchString is not used: patterns are regular expressions).
func Main(matchString func(pat, str string) (bool, error), tests []InternalTest, benchmarks []InternalBenchmark, examples []InternalExample) {
	os.Exit(MainStart(nil, tests, benchmarks, nil, examples).Run())
}

// ranMain: M.Run has started (Go's CPU list is set up there: before it,
// RunTests and RunBenchmarks run nothing).
var ranMain bool

// RunTests runs the tests as M.Run would (without the summary line) and
// reports whether they passed. As in Go, it runs nothing before M.Run
// (it then warns that there are no tests to run).
func RunTests(matchString func(pat, str string) (bool, error), tests []InternalTest) (ok bool) {
	prepare()
	ran, ok := false, true
	if ranMain {
		ran, ok = runTests(tests)
	}
	if !ran {
		fmt.Fprintln(os.Stderr, "testing: warning: no tests to run")
	}
	return ok
}

// RunBenchmarks runs the benchmarks matching -test.bench (nothing before
// M.Run, as in Go).
func RunBenchmarks(matchString func(pat, str string) (bool, error), benchmarks []InternalBenchmark) {
	prepare()
	if ranMain {
		runBenchmarks(benchmarks)
	}
}

// RunExamples runs the examples and reports whether their output matched.
func RunExamples(matchString func(pat, str string) (bool, error), examples []InternalExample) (ok bool) {
	prepare()
	_, ok = runExamples(examples)
	return ok
}

// InternalExample is an example for the test main.
type InternalExample struct {
	Name      string
	F         func()
	Output    string
	Unordered bool
}

// runExamples runs each example matching -test.run with its standard
// output captured, and compares the output with the expected one.
func runExamples(examples []InternalExample) (ran, ok bool) {
	ok = true
	for _, eg := range examples {
		if !testMatch.matches([]string{eg.Name}) {
			continue
		}
		ran = true
		if !runExample(eg) {
			ok = false
		}
	}
	return ran, ok
}

func sortLines(output string) string {
	lines := strings.Split(output, "\n")
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

func runExample(eg InternalExample) (ok bool) {
	if *chatty {
		os.Stdout.WriteString("=== RUN   " + eg.Name + "\n")
	}
	stdout := os.Stdout
	r, w, err := os.Pipe()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Stdout = w
	outC := make(chan string)
	go func() {
		var b strings.Builder
		buf := make([]byte, 4096)
		for {
			n, err := r.Read(buf)
			b.Write(buf[:n])
			if err != nil {
				break
			}
		}
		r.Close()
		outC <- b.String()
	}()
	start := time.Now()
	finished := false
	defer func() {
		w.Close()
		os.Stdout = stdout
		out := <-outC
		d := time.Since(start)
		got := strings.TrimSpace(out)
		want := strings.TrimSpace(eg.Output)
		err := recover()
		var fail string
		if eg.Unordered {
			if sortLines(got) != sortLines(want) && err == nil {
				fail = fmt.Sprintf("got:\n%s\nwant (unordered):\n%s\n", out, eg.Output)
			}
		} else if got != want && err == nil {
			fail = fmt.Sprintf("got:\n%s\nwant:\n%s\n", got, want)
		}
		if fail != "" || !finished || err != nil {
			fmt.Printf("--- FAIL: %s (%s)\n%s", eg.Name, fmtDuration(d), fail)
		} else if *chatty {
			fmt.Printf("--- PASS: %s (%s)\n", eg.Name, fmtDuration(d))
		}
		if err != nil {
			panic(err)
		} else if !finished {
			panic("test executed panic(nil) or runtime.Goexit")
		}
		ok = fail == ""
	}()
	eg.F()
	finished = true
	return
}

// Coverage: minigo does not instrument programs (no -cover).

// Cover records information about test coverage checking.
type Cover struct {
	Mode            string
	Counters        map[string][]uint32
	Blocks          map[string][]CoverBlock
	CoveredPackages string
}

// CoverBlock records the coverage data for a single basic block.
type CoverBlock struct {
	Line0 uint32
	Col0  uint16
	Line1 uint32
	Col1  uint16
	Stmts uint16
}

// RegisterCover does nothing, as in Go since its coverage redesign (the
// counters are registered by the toolchain).
func RegisterCover(c Cover) {}

// CoverMode reports the test coverage mode: "" (minigo has no -cover).
func CoverMode() string { return "" }

// Coverage reports the code coverage as a fraction of [0, 1]: 0 (minigo
// has no -cover).
func Coverage() float64 { return 0 }

// InternalFuzzTarget is a fuzz target of the test main.
type InternalFuzzTarget struct {
	Name string
	Fn   func(f *F)
}

// F is the state of a fuzz test. `minigo test` runs the seed corpus (the
// f.Add values, then testdata/fuzz/<name>/*), as `go test` does without
// -fuzz; minigo does not fuzz.
type F struct {
	common
	corpus     []corpusEntry
	fuzzCalled bool
}

type corpusEntry struct {
	path   string
	values []any
}

func supportedType(t reflect.Type) bool {
	switch t {
	case reflect.TypeFor[[]byte](), reflect.TypeFor[string](), reflect.TypeFor[bool](),
		reflect.TypeFor[byte](), reflect.TypeFor[rune](), reflect.TypeFor[float32](),
		reflect.TypeFor[float64](), reflect.TypeFor[int](), reflect.TypeFor[int8](),
		reflect.TypeFor[int16](), reflect.TypeFor[int32](), reflect.TypeFor[int64](),
		reflect.TypeFor[uint](), reflect.TypeFor[uint16](), reflect.TypeFor[uint32](),
		reflect.TypeFor[uint64]():
		return true
	}
	return false
}

// Helper marks the calling function as a test helper function.
func (f *F) Helper() {
	if f.inFuzzFn {
		panic("testing: f.Helper was called inside the fuzz target, use t.Helper instead")
	}
	pc, _, _, ok := runtime.Caller(1)
	if !ok {
		return
	}
	f.mu.Lock()
	if f.helpers == nil {
		f.helpers = map[uint64]bool{}
	}
	f.helpers[uint64(pc)>>32] = true
	f.mu.Unlock()
}

// Fail marks the function as having failed but continues execution.
func (f *F) Fail() {
	if f.inFuzzFn {
		panic("testing: f.Fail was called inside the fuzz target, use t.Fail instead")
	}
	f.common.Fail()
}

// Skipped reports whether the test was skipped.
func (f *F) Skipped() bool {
	if f.inFuzzFn {
		panic("testing: f.Skipped was called inside the fuzz target, use t.Skipped instead")
	}
	return f.common.Skipped()
}

// Add adds the arguments to the seed corpus for the fuzz test.
func (f *F) Add(args ...any) {
	var values []any
	for i := range args {
		if t := reflect.TypeOf(args[i]); t == nil || !supportedType(t) {
			panic(fmt.Sprintf("testing: unsupported type to Add %v", t))
		}
		values = append(values, args[i])
	}
	f.corpus = append(f.corpus, corpusEntry{values: values, path: fmt.Sprintf("seed#%d", len(f.corpus))})
}

// Fuzz runs ff, a func(*T, args...), on each entry of the seed corpus as
// a subtest.
func (f *F) Fuzz(ff any) {
	if f.fuzzCalled {
		panic("testing: F.Fuzz called more than once")
	}
	f.fuzzCalled = true
	if f.failed {
		return
	}
	fn := reflect.ValueOf(ff)
	ft := fn.Type()
	if ft.Kind() != reflect.Func {
		panic("testing: F.Fuzz must receive a function")
	}
	if ft.NumIn() < 2 || ft.In(0) != reflect.TypeFor[*T]() {
		panic("testing: fuzz target must receive at least two arguments, where the first argument is a *T")
	}
	if ft.NumOut() != 0 {
		panic("testing: fuzz target must not return a value")
	}
	var types []reflect.Type
	for i := 1; i < ft.NumIn(); i++ {
		t := ft.In(i)
		if !supportedType(t) {
			panic(fmt.Sprintf("testing: unsupported type for fuzzing %v", t))
		}
		types = append(types, t)
	}
	for _, c := range f.corpus {
		if err := checkCorpus(c.values, types); err != nil {
			f.Fatal(err)
		}
	}
	files, err := readCorpus(filepath.Join("testdata", "fuzz", f.name), types)
	if err != nil {
		f.Fatal(err)
	}
	f.corpus = append(f.corpus, files...)
	for _, e := range f.corpus {
		name := f.name + "/" + filepath.Base(e.path)
		if !testMatch.matches(strings.Split(name, "/")) {
			continue
		}
		t := &T{common: common{name: name, parent: &f.common, level: f.level + 1}}
		if *chatty {
			os.Stdout.WriteString("=== RUN   " + name + "\n")
		}
		f.inFuzzFn = true
		done := make(chan bool)
		go runner(&t.common, func() {
			args := []reflect.Value{reflect.ValueOf(t)}
			for _, v := range e.values {
				args = append(args, reflect.ValueOf(v))
			}
			fn.Call(args)
		}, done)
		<-done
		f.inFuzzFn = false
		if r := t.report(); r != "" {
			f.mu.Lock()
			f.output = append(f.output, indent(r)...)
			f.mu.Unlock()
		}
	}
}

func checkCorpus(vals []any, types []reflect.Type) error {
	if len(vals) != len(types) {
		return fmt.Errorf("wrong number of values in corpus entry: %d, want %d", len(vals), len(types))
	}
	valsT := make([]reflect.Type, len(vals))
	for i, v := range vals {
		valsT[i] = reflect.TypeOf(v)
	}
	for i := range types {
		if valsT[i] != types[i] {
			return fmt.Errorf("mismatched types in corpus entry: %v, want %v", valsT, types)
		}
	}
	return nil
}

// readCorpus reads the corpus files of dir (Go's "go test fuzz v1"
// format), in name order; a missing dir is an empty corpus.
func readCorpus(dir string, types []reflect.Type) ([]corpusEntry, error) {
	files, err := os.ReadDir(dir)
	if os.IsNotExist(err) {
		return nil, nil
	} else if err != nil {
		return nil, fmt.Errorf("reading seed corpus from testdata: %v", err)
	}
	var out []corpusEntry
	var errs []string
	for _, file := range files {
		if file.IsDir() {
			continue
		}
		name := filepath.Join(dir, file.Name())
		data, err := os.ReadFile(name)
		if err != nil {
			return nil, fmt.Errorf("failed to read corpus file: %v", err)
		}
		vals, err := unmarshalCorpus(data)
		if err != nil {
			err = fmt.Errorf("unmarshal: %v", err)
		} else {
			err = checkCorpus(vals, types)
		}
		if err != nil {
			errs = append(errs, fmt.Sprintf("%q: %v", name, err))
			continue
		}
		out = append(out, corpusEntry{path: name, values: vals})
	}
	if len(errs) > 0 {
		return out, fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
	return out, nil
}

func unmarshalCorpus(b []byte) ([]any, error) {
	if len(b) == 0 {
		return nil, fmt.Errorf("cannot unmarshal empty string")
	}
	lines := strings.Split(string(b), "\n")
	if len(lines) < 2 {
		return nil, fmt.Errorf("must include version and at least one value")
	}
	if v := strings.TrimSuffix(lines[0], "\r"); v != "go test fuzz v1" {
		return nil, fmt.Errorf("unknown encoding version: %s", v)
	}
	var vals []any
	for _, line := range lines[1:] {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		v, err := corpusValue(line)
		if err != nil {
			return nil, fmt.Errorf("malformed line %q: %v", line, err)
		}
		vals = append(vals, v)
	}
	return vals, nil
}

// corpusValue parses one `type(literal)` line of a corpus file.
func corpusValue(line string) (any, error) {
	open := strings.Index(line, "(")
	if open < 0 || !strings.HasSuffix(line, ")") {
		return nil, fmt.Errorf("expected call expression")
	}
	typ, arg := line[:open], strings.TrimSpace(line[open+1:len(line)-1])
	if typ == "math.Float64frombits" || typ == "math.Float32frombits" {
		u, err := strconv.ParseUint(arg, 0, 64)
		if err != nil {
			return nil, fmt.Errorf("integer literal required for %s type", typ)
		}
		if typ == "math.Float32frombits" {
			return math.Float32frombits(uint32(u)), nil
		}
		return math.Float64frombits(u), nil
	}
	str := func() (string, bool) {
		if len(arg) > 0 && (arg[0] == '"' || arg[0] == '`') {
			s, err := strconv.Unquote(arg)
			return s, err == nil
		}
		return "", false
	}
	char := func() (rune, bool) {
		if len(arg) < 2 || arg[0] != '\'' {
			return 0, false
		}
		s, err := strconv.Unquote(arg)
		if err != nil {
			return 0, false
		}
		r := []rune(s)
		return r[0], len(r) == 1
	}
	switch typ {
	case "[]byte":
		s, ok := str()
		if !ok {
			return nil, fmt.Errorf("string literal required for type []byte")
		}
		return []byte(s), nil
	case "string":
		s, ok := str()
		if !ok {
			return nil, fmt.Errorf("string literal value required for type string")
		}
		return s, nil
	case "bool":
		switch arg {
		case "true":
			return true, nil
		case "false":
			return false, nil
		}
		return nil, fmt.Errorf("true or false required for type bool")
	case "byte", "uint8":
		if r, ok := char(); ok {
			if r > 255 {
				return nil, fmt.Errorf("can only encode single byte to a byte type")
			}
			return byte(r), nil
		}
		if typ == "byte" {
			return nil, fmt.Errorf("character literal required for byte/rune types")
		}
	case "rune", "int32":
		if r, ok := char(); ok {
			return r, nil
		}
		if typ == "rune" {
			return nil, fmt.Errorf("character literal required for byte/rune types")
		}
	case "float32", "float64":
		bits := 64
		if typ == "float32" {
			bits = 32
		}
		f, err := strconv.ParseFloat(arg, bits)
		if err != nil {
			return nil, fmt.Errorf("float or integer literal required for %s type", typ)
		}
		if bits == 32 {
			return float32(f), nil
		}
		return f, nil
	}
	sizes := map[string]int{"int": 64, "int8": 8, "int16": 16, "int32": 32, "int64": 64,
		"uint": 64, "uint8": 8, "uint16": 16, "uint32": 32, "uint64": 64}
	bits, ok := sizes[typ]
	if !ok {
		return nil, fmt.Errorf("expected []byte or primitive type")
	}
	if strings.HasPrefix(typ, "u") {
		u, err := strconv.ParseUint(arg, 0, bits)
		if err != nil {
			return nil, fmt.Errorf("integer literal required for uint types")
		}
		switch typ {
		case "uint":
			return uint(u), nil
		case "uint8":
			return uint8(u), nil
		case "uint16":
			return uint16(u), nil
		case "uint32":
			return uint32(u), nil
		}
		return u, nil
	}
	i, err := strconv.ParseInt(arg, 0, bits)
	if err != nil {
		return nil, fmt.Errorf("integer literal required for int types")
	}
	switch typ {
	case "int":
		return int(i), nil
	case "int8":
		return int8(i), nil
	case "int16":
		return int16(i), nil
	case "int32":
		return int32(i), nil
	}
	return i, nil
}

// runFuzzTests runs each fuzz target matching -test.run on its seed
// corpus.
func runFuzzTests(targets []InternalFuzzTarget) (ran, ok bool) {
	ok = true
	for _, ft := range targets {
		if *failFast && !ok {
			break
		}
		if !testMatch.matches([]string{ft.Name}) {
			continue
		}
		ran = true
		f := &F{common: common{name: ft.Name}}
		if *chatty {
			os.Stdout.WriteString("=== RUN   " + ft.Name + "\n")
		}
		done := make(chan bool)
		fn := ft.Fn
		go runner(&f.common, func() {
			fn(f)
			f.mu.Lock()
			notCalled := !f.fuzzCalled && !f.skipped && !f.failed
			f.mu.Unlock()
			if notCalled {
				// Go's line in its fuzz.go, where it reports this.
				f.logAt("fuzz.go:666", "returned without calling F.Fuzz, F.Fail, or F.Skip")
				f.common.Fail()
			}
		}, done)
		<-done
		os.Stdout.WriteString(f.report())
		if f.Failed() {
			ok = false
		}
	}
	return ran, ok
}

// B is the state of one benchmark.
type B struct {
	common
	N         int
	benchFunc func(b *B)
	timerOn   bool
	timeStart time.Time
	elapsed   time.Duration
	bytes     int64
	loopN     int
	loopDone  bool
	showAlloc bool
	// RunParallel's goroutines per GOMAXPROCS, and the last run's size.
	parallelism      int
	previousN        int
	previousDuration time.Duration
}

// A PB is used by RunParallel for running parallel benchmarks.
type PB struct {
	globalN *atomic.Uint64 // iterations claimed by all goroutines
	grain   uint64         // iterations claimed at once
	cache   uint64         // iterations left of this goroutine's claim
	bN      uint64         // b.N
}

// Next reports whether there are more iterations to execute.
func (pb *PB) Next() bool {
	if pb.cache == 0 {
		n := pb.globalN.Add(pb.grain)
		if n <= pb.bN {
			pb.cache = pb.grain
		} else if n < pb.bN+pb.grain {
			pb.cache = pb.bN + pb.grain - n
		} else {
			return false
		}
	}
	pb.cache--
	return true
}

// RunParallel runs body on parallelism*GOMAXPROCS goroutines, which
// share the b.N iterations through their PBs' Next.
func (b *B) RunParallel(body func(*PB)) {
	if b.N == 0 {
		return
	}
	grain := uint64(0)
	if b.previousN > 0 && b.previousDuration > 0 {
		grain = 1e5 * uint64(b.previousN) / uint64(b.previousDuration)
	}
	grain = min(max(grain, 1), 1e4)
	var n atomic.Uint64
	procs := max(b.parallelism, 1) * runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	wg.Add(procs)
	for p := 0; p < procs; p++ {
		go func() {
			defer wg.Done()
			body(&PB{globalN: &n, grain: grain, bN: uint64(b.N)})
		}()
	}
	wg.Wait()
	if n.Load() <= uint64(b.N) && !b.Failed() {
		b.Fatal("RunParallel: body exited without pb.Next() == false")
	}
}

// SetParallelism sets the number of goroutines RunParallel uses to
// p*GOMAXPROCS; p < 1 has no effect.
func (b *B) SetParallelism(p int) {
	if p >= 1 {
		b.parallelism = p
	}
}

// BenchmarkResult is the result of a benchmark run.
type BenchmarkResult struct {
	N         int
	T         time.Duration
	Bytes     int64
	MemAllocs uint64
	MemBytes  uint64
	Extra     map[string]float64
}

// NsPerOp returns the nanoseconds per iteration.
func (r BenchmarkResult) NsPerOp() int64 {
	if r.N <= 0 {
		return 0
	}
	return r.T.Nanoseconds() / int64(r.N)
}

// AllocsPerOp returns 0 (minigo does not count allocations).
func (r BenchmarkResult) AllocsPerOp() int64 { return 0 }

// AllocedBytesPerOp returns 0 (minigo does not count allocations).
func (r BenchmarkResult) AllocedBytesPerOp() int64 { return 0 }

func prettyPrint(x float64, unit string) string {
	y := x
	if y < 0 {
		y = -y
	}
	var format string
	switch {
	case y == 0 || y >= 999.95:
		format = "%10.0f %s"
	case y >= 99.995:
		format = "%12.1f %s"
	case y >= 9.9995:
		format = "%13.2f %s"
	case y >= 0.99995:
		format = "%14.3f %s"
	case y >= 0.099995:
		format = "%15.4f %s"
	case y >= 0.0099995:
		format = "%16.5f %s"
	case y >= 0.00099995:
		format = "%17.6f %s"
	default:
		format = "%18.7f %s"
	}
	return fmt.Sprintf(format, x, unit)
}

// String is the result as `go test` prints it.
func (r BenchmarkResult) String() string {
	s := fmt.Sprintf("%8d", r.N)
	var ns float64
	if r.N > 0 {
		ns = float64(r.T.Nanoseconds()) / float64(r.N)
	}
	if ns != 0 {
		s += "\t" + prettyPrint(ns, "ns/op")
	}
	if r.Bytes > 0 && r.T > 0 {
		mbs := (float64(r.Bytes) * float64(r.N) / 1e6) / r.T.Seconds()
		if mbs != 0 {
			s += fmt.Sprintf("\t%7.2f MB/s", mbs)
		}
	}
	return s
}

// MemString is the allocation columns (always 0 in minigo).
func (r BenchmarkResult) MemString() string {
	return fmt.Sprintf("%8d B/op\t%8d allocs/op", r.AllocedBytesPerOp(), r.AllocsPerOp())
}

// StartTimer starts timing.
func (b *B) StartTimer() {
	if !b.timerOn {
		b.timeStart = time.Now()
		b.timerOn = true
	}
}

// StopTimer stops timing.
func (b *B) StopTimer() {
	if b.timerOn {
		b.elapsed += time.Since(b.timeStart)
		b.timerOn = false
	}
}

// ResetTimer zeroes the elapsed time.
func (b *B) ResetTimer() {
	if b.timerOn {
		b.timeStart = time.Now()
	}
	b.elapsed = 0
}

// Elapsed returns the measured time.
func (b *B) Elapsed() time.Duration {
	d := b.elapsed
	if b.timerOn {
		d += time.Since(b.timeStart)
	}
	return d
}

// SetBytes records the bytes processed per iteration (MB/s column).
func (b *B) SetBytes(n int64) { b.bytes = n }

// ReportAllocs adds the allocation columns (printed as 0 by minigo).
func (b *B) ReportAllocs() { b.showAlloc = true }

// ReportMetric is accepted and ignored.
func (b *B) ReportMetric(n float64, unit string) {}

// Loop reports whether the benchmark loop should run again: b.N
// iterations, with the timer started at the first call.
func (b *B) Loop() bool {
	if b.loopN == 0 {
		b.ResetTimer()
		b.StartTimer()
	}
	if b.loopN < b.N {
		b.loopN++
		return true
	}
	b.StopTimer()
	b.loopDone = true
	return false
}

func (b *B) runN(n int) {
	runtime.GC()
	b.N = n
	b.loopN = 0
	b.elapsed = 0
	b.ResetTimer()
	b.StartTimer()
	done := make(chan bool)
	go func() {
		defer func() {
			if err := recover(); err != nil {
				panic(err)
			}
			done <- true
		}()
		b.benchFunc(b)
	}()
	<-done
	b.StopTimer()
	b.previousN = n
	b.previousDuration = b.elapsed
}

func parseBenchTime(s string) (time.Duration, int) {
	if strings.HasSuffix(s, "x") {
		n, err := strconv.Atoi(s[:len(s)-1])
		if err != nil || n <= 0 {
			fmt.Fprintf(os.Stderr, "invalid value %q for flag -test.benchtime: invalid count\n", s)
			os.Exit(2)
		}
		return 0, n
	}
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		fmt.Fprintf(os.Stderr, "invalid value %q for flag -test.benchtime: invalid duration\n", s)
		os.Exit(2)
	}
	return d, 0
}

func predictN(goalns, prevIters, prevns, last int64) int {
	if prevns == 0 {
		prevns = 1
	}
	n := goalns * prevIters / prevns
	n += n / 5
	n = min(n, 100*last)
	n = max(n, last+1)
	n = min(n, 1000000000)
	return int(n)
}

// Run runs f as a sub-benchmark (once, with b.N = 1 and the parent's N).
func (b *B) Run(name string, f func(b *B)) bool {
	sub := &B{common: common{name: uniqueName(b.name, rewrite(name)), bench: true, parent: &b.common}, benchFunc: f}
	sub.runN(1)
	return !sub.Failed()
}

func cpuName() string {
	data, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return ""
	}
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "model name") {
			if i := strings.Index(line, ":"); i >= 0 {
				return strings.TrimSpace(line[i+1:])
			}
		}
	}
	return ""
}

func runBenchmarks(benchmarks []InternalBenchmark) bool {
	match := newMatcher(*benchFlag, *skipFlag, "-test.bench")
	procs := runtime.GOMAXPROCS(-1)
	suffix := ""
	if procs != 1 {
		suffix = "-" + strconv.Itoa(procs)
	}
	var bs []InternalBenchmark
	maxLen := 0
	for _, bm := range benchmarks {
		if match.matches([]string{bm.Name}) {
			bs = append(bs, bm)
			if l := len(bm.Name+suffix) + len(suffix) + 1; l > maxLen {
				maxLen = l
			}
		}
	}
	d, fixed := parseBenchTime(*benchTime)
	ok := true
	header := false
	printHeader := func() {
		if header {
			return
		}
		header = true
		fmt.Printf("goos: %s\ngoarch: %s\n", runtime.GOOS, runtime.GOARCH)
		if pkgPath != "" {
			fmt.Printf("pkg: %s\n", pkgPath)
		}
		if cpu := cpuName(); cpu != "" {
			fmt.Printf("cpu: %s\n", cpu)
		}
	}
	for n := uint(0); n < *countFlag; n++ {
		for _, bm := range bs {
			name := bm.Name + suffix
			b := &B{common: common{name: bm.Name, bench: true}, benchFunc: bm.F}
			if *chatty {
				printHeader()
				fmt.Printf("%s\n", bm.Name)
			}
			b.runN(1)
			if b.Failed() {
				// Go reports a benchmark failing its first run under its
				// bare name, before any header.
				ok = false
				if *chatty {
					fmt.Printf("%s--- FAIL: %s\n", b.output, bm.Name)
				} else {
					fmt.Printf("--- FAIL: %s\n%s", bm.Name, b.output)
				}
				continue
			}
			printHeader()
			fmt.Printf("%-*s\t", maxLen, name)
			if !b.Failed() {
				if fixed > 0 {
					if fixed > 1 {
						b.runN(fixed)
					}
				} else {
					for iters := int64(1); !b.Failed() && b.elapsed < d && iters < 1000000000; {
						last := iters
						iters = int64(predictN(d.Nanoseconds(), int64(b.N), b.elapsed.Nanoseconds(), last))
						b.runN(int(iters))
					}
				}
			}
			if b.Failed() {
				ok = false
				fmt.Printf("--- FAIL: %s\n%s", name, b.output)
				continue
			}
			r := BenchmarkResult{N: b.N, T: b.elapsed, Bytes: b.bytes}
			res := r.String()
			if *benchMem || b.showAlloc {
				res += "\t" + r.MemString()
			}
			fmt.Println(res)
			if len(b.output) > 0 {
				fmt.Printf("--- BENCH: %s\n%s", name, b.output)
			}
		}
	}
	return ok
}

// pkgPath is the `pkg:` line of benchmark output (set by the generated
// main through the -test.minigo.pkg flag).
var pkgPath string

func init() {
	flag.StringVar(&pkgPath, "test.minigo.pkg", "", "the import path `go test` prints")
}

// AllocsPerRun returns the average allocations of f (0 in minigo).
func AllocsPerRun(runs int, f func()) float64 {
	for i := 0; i < runs; i++ {
		f()
	}
	return 0
}

// Benchmark runs f and returns its result.
func Benchmark(f func(b *B)) BenchmarkResult {
	b := &B{common: common{name: "", bench: true}, benchFunc: f}
	if !initDone {
		Init()
	}
	b.runN(1)
	d := time.Second
	for iters := int64(1); b.elapsed < d && iters < 1000000000; {
		last := iters
		iters = int64(predictN(d.Nanoseconds(), int64(b.N), b.elapsed.Nanoseconds(), last))
		b.runN(int(iters))
	}
	return BenchmarkResult{N: b.N, T: b.elapsed, Bytes: b.bytes}
}
