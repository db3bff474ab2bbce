// runtime's error types (TypeAssertionError, PanicNilError) as real
// types, and the rest of runtime's and runtime/debug's API that prints
// deterministically.
package main

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"time"
	"unsafe"
)

type Shape interface{ Area() float64 }

type Sq struct{ s float64 }

func (q Sq) Area() float64 { return q.s * q.s }

func catch(f func()) (v any) {
	defer func() { v = recover() }()
	f()
	return nil
}

func main() {
	var x any = "text"
	err := catch(func() { _ = x.(int) }).(error)
	var te *runtime.TypeAssertionError
	fmt.Println(errors.As(err, &te), te.Error())
	var re runtime.Error
	fmt.Println(errors.As(err, &re))
	fmt.Printf("%T: %v\n", err, err)
	var s any = Sq{2}
	err = catch(func() { _ = s.(fmt.Stringer) }).(error)
	fmt.Println(err)
	var nilShape Shape
	err = catch(func() { _ = nilShape.(Sq) }).(error)
	fmt.Println(err)

	switch e := catch(func() { panic(nil) }).(type) {
	case *runtime.PanicNilError:
		fmt.Printf("%T %v\n", e, e)
		var r runtime.Error = e
		r.RuntimeError()
	default:
		fmt.Println("other", e)
	}
	fmt.Println(catch(func() { var a []int; _ = a[3] }))

	// Pinner, LockOSThread, cleanups, CPUProfile, SetCgoTraceback.
	var p runtime.Pinner
	sq := &Sq{3}
	p.Pin(sq)
	p.Pin(unsafe.Pointer(sq))
	p.Unpin()
	fmt.Println(catch(func() { p.Pin(Sq{1}) }))
	runtime.LockOSThread()
	runtime.LockOSThread()
	runtime.UnlockOSThread()
	runtime.UnlockOSThread()
	runtime.UnlockOSThread()
	fmt.Println(catch(func() { runtime.AddCleanup((*Sq)(nil), func(int) {}, 0) }))
	fmt.Println(catch(func() { runtime.AddCleanup(sq, func(*Sq) {}, sq) }))
	c := runtime.AddCleanup(sq, func(s string) { fmt.Println("never", s) }, "x")
	c.Stop()
	c.Stop()
	fmt.Println(catch(func() { runtime.CPUProfile() }))
	fmt.Println(catch(func() { runtime.SetCgoTraceback(1, nil, nil, nil) }))
	runtime.SetCgoTraceback(0, nil, nil, nil)

	// Profiles.
	r := runtime.MemProfileRecord{AllocBytes: 100, FreeBytes: 40, AllocObjects: 5, FreeObjects: 2}
	r.Stack0[0], r.Stack0[1] = 7, 9
	fmt.Println(r.InUseBytes(), r.InUseObjects(), r.Stack())
	n, ok := runtime.GoroutineProfile(nil)
	fmt.Println(n >= 1, ok)
	recs := make([]runtime.StackRecord, n+10)
	n, ok = runtime.GoroutineProfile(recs)
	fmt.Println(n >= 1, ok, len(recs[0].Stack()) > 0)
	n, ok = runtime.ThreadCreateProfile(nil)
	fmt.Println(n >= 1, ok)
	_, ok = runtime.MemProfile(make([]runtime.MemProfileRecord, 10000), true)
	fmt.Println(ok)

	// Tracing.
	fmt.Println(runtime.StartTrace())
	fmt.Println(runtime.StartTrace())
	done := make(chan string)
	go func() {
		var all []byte
		for b := runtime.ReadTrace(); b != nil; b = runtime.ReadTrace() {
			all = append(all, b...)
		}
		done <- string(all[:6])
	}()
	runtime.StopTrace()
	fmt.Printf("%q\n", <-done)
	runtime.StopTrace()

	// runtime/debug.
	runtime.GC()
	var st debug.GCStats
	st.PauseQuantiles = make([]time.Duration, 5)
	debug.ReadGCStats(&st)
	fmt.Println(st.NumGC >= 1, len(st.Pause) == min(int(st.NumGC), 256), len(st.PauseEnd) == len(st.Pause),
		st.PauseQuantiles[0] <= st.PauseQuantiles[4], !st.LastGC.IsZero(), st.PauseTotal >= st.Pause[0])
	bi, ok := debug.ReadBuildInfo()
	fmt.Println(ok, bi.Path, bi.Main == debug.Module{}, len(bi.Deps), bi.GoVersion == runtime.Version())
	info := &debug.BuildInfo{
		GoVersion: "go1.27.3",
		Path:      "example.com/cmd/tool",
		Main:      debug.Module{Path: "example.com", Version: "(devel)"},
		Deps: []*debug.Module{
			{Path: "golang.org/x/text", Version: "v0.14.0", Sum: "h1:abc="},
			{Path: "example.org/old", Version: "v1.0.0", Replace: &debug.Module{Path: "../old", Version: "(devel)"}},
		},
		Settings: []debug.BuildSetting{{"-tags", "a b"}, {"k=v", "x"}, {"CGO_ENABLED", "0"}, {"quote", "`\""}},
	}
	text := info.String()
	fmt.Print(text)
	back, err := debug.ParseBuildInfo(text)
	fmt.Println(err, back.Path, back.Main, *back.Deps[0], back.Deps[1].Replace.Path, back.Settings, back.GoVersion == "")
	for _, bad := range []string{
		"path\tp\nmod\tm\n",
		"path\tp\n=>\ta\tb\tc\n",
		"dep\ta\tb\n=>\ta\tb\n",
		"build\t=x\n",
		"build\tx\n",
		"build\t\"k\"x\n",
		"build\tk y=1\n",
		"build\tk=a b\n",
		"build\tk=\"unterminated\n",
		"no newline at end",
	} {
		b, err := debug.ParseBuildInfo(bad)
		fmt.Println(b != nil, err)
	}
	fmt.Println(debug.SetMaxStack(1<<20), debug.SetMaxStack(1<<30))
	fmt.Println(debug.SetMaxThreads(100), debug.SetMaxThreads(10000))
	fmt.Println(debug.SetPanicOnFault(true), debug.SetPanicOnFault(false))
	fmt.Println(debug.SetCrashOutput(nil, debug.CrashOptions{}))
	fmt.Println(debug.SetCrashOutput(os.Stderr, debug.CrashOptions{}))
	fmt.Println(debug.SetCrashOutput(nil, debug.CrashOptions{}))
}
