package main

import (
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
)

func show(skip int) {
	pcs := make([]uintptr, 32)
	n := runtime.Callers(skip, pcs)
	fmt.Println("n =", n)
	frames := runtime.CallersFrames(pcs[:n])
	for {
		f, more := frames.Next()
		fmt.Printf("  %s %s:%d\n", f.Function, filepath.Base(f.File), f.Line)
		if !more {
			break
		}
	}
}

func a() { show(0) }
func b() { a() }

func depth() int {
	pcs := make([]uintptr, 64)
	return runtime.Callers(2, pcs)
}

func rec(n int) int {
	if n == 0 {
		return depth()
	}
	return rec(n - 1)
}

func deferred() {
	recover()
	show(2)
}

func panicker() {
	defer deferred()
	panic("x")
}

func main() {
	b()
	show(1)
	show(2)
	show(3)
	show(4)
	fmt.Println(depth(), rec(3))
	pcs := make([]uintptr, 2)
	fmt.Println(runtime.Callers(0, pcs))
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		show(1)
	}()
	wg.Wait()
	panicker()
	pc, file, line, ok := runtime.Caller(0)
	fmt.Println(runtime.FuncForPC(pc).Name(), filepath.Base(file), line, ok)
	_, _, _, ok = runtime.Caller(1)
	fmt.Println(ok)
	pc, file, line, ok = runtime.Caller(2)
	fmt.Println(runtime.FuncForPC(pc).Name(), filepath.Base(file), line, ok)
	_, _, _, ok = runtime.Caller(3)
	fmt.Println(ok)
	fmt.Println(strings.HasSuffix(runtime.FuncForPC(pc).Name(), "goexit"))
}
