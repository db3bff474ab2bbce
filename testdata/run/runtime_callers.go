package main

import (
	"fmt"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
)

type T struct{}

func (t *T) Method() string { return where() }

func where() string {
	pc, file, line, ok := runtime.Caller(1)
	return fmt.Sprintf("%s %s:%d %v", runtime.FuncForPC(pc).Name(), filepath.Base(file), line, ok)
}

func stack() {
	pcs := make([]uintptr, 10)
	n := runtime.Callers(1, pcs)
	frames := runtime.CallersFrames(pcs[:n])
	for {
		f, more := frames.Next()
		if !strings.HasPrefix(f.Function, "runtime.") {
			fmt.Println(f.Function, filepath.Base(f.File), f.Line)
		}
		if !more {
			break
		}
	}
}

func main() {
	funcNames()
	panicLines()
	fmt.Println(where())
	fmt.Println((&T{}).Method())
	inner := func() {
		fmt.Println(where())
		stack()
	}
	inner()
	pc, _, _, _ := runtime.Caller(0)
	f := runtime.FuncForPC(pc)
	file, line := f.FileLine(pc)
	fmt.Println(f.Name(), filepath.Base(file), line)
	fmt.Println(runtime.FuncForPC(0) == nil, runtime.FuncForPC(0).Name() == "")
}

func gen[X any](x X) string { return where() }

type Box[X any] struct{ x X }

func (b *Box[X]) Where() string { return where() }

// The idiom for a func value's name, FuncForPC(Value.Pointer()); and an
// instance's frames are named `gen[...]`, whatever its type arguments.
func funcNames() {
	name := func(f any) string {
		return runtime.FuncForPC(reflect.ValueOf(f).Pointer()).Name()
	}
	var t T
	lit := func() {}
	fmt.Println(name(where), name(strings.ToUpper), name(lit), name(t.Method), name((*T).Method), name(gen[int]))
	mk := func(n int) func() int { return func() int { return n } }
	fmt.Println(reflect.ValueOf(mk(1)).Pointer() == reflect.ValueOf(mk(2)).Pointer())
	fmt.Println(gen(1))
	fmt.Println(gen("s"))
	fmt.Println((&Box[[]int]{}).Where())
}

// In a deferred call a panic runs, the panicking function's frame is at
// the line that panicked.
func panicLines() {
	var p *int
	var s []int
	catch := func(name string) {
		if recover() == nil {
			return
		}
		// Go has runtime frames (panicmem, panicBounds64) between.
		for i := 2; i < 10; i++ {
			pc, _, line, _ := runtime.Caller(i)
			if f := runtime.FuncForPC(pc).Name(); !strings.HasPrefix(f, "runtime.") {
				fmt.Println(name, f, line)
				return
			}
		}
	}
	func() {
		defer catch("nil")
		x := 1
		x += *p
		fmt.Println(x)
	}()
	func() {
		defer catch("explicit")
		fmt.Sprint("a")
		panic("boom")
	}()
	func() {
		defer catch("index")
		i := 5
		_ = s[i]
	}()
	func(a, b int) int {
		defer catch("divide")
		return a / b
	}(1, 0)
}
