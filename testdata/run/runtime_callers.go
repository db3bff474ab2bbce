package main

import (
	"fmt"
	"path/filepath"
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
