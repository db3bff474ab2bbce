package main

// Compiler-made wrappers (a promoted method called through an interface,
// a method value) do not appear in runtime.Callers, runtime.Stack or a
// panic's traceback: Go elides them.

import (
	"fmt"
	"runtime"
	"strings"
)

type Inner struct{}

func (*Inner) Where() []string {
	pcs := make([]uintptr, 16)
	n := runtime.Callers(1, pcs)
	frames := runtime.CallersFrames(pcs[:n])
	var names []string
	for {
		f, more := frames.Next()
		if !strings.HasPrefix(f.Function, "runtime.") {
			names = append(names, f.Function)
		}
		if !more {
			break
		}
	}
	return names
}

func (*Inner) Stack() string {
	buf := make([]byte, 4096)
	n := runtime.Stack(buf, false)
	var names []string
	for _, l := range strings.Split(string(buf[:n]), "\n") {
		if l != "" && !strings.HasPrefix(l, "\t") && !strings.HasPrefix(l, "goroutine ") {
			// The name without its arguments (Go prints their values).
			name, _, _ := strings.Cut(l, "(0x")
			name, _, _ = strings.Cut(name, "(...)")
			names = append(names, strings.TrimSuffix(name, "()"))
		}
	}
	return strings.Join(names, " <- ")
}

type Outer struct{ *Inner }

type Whereer interface {
	Where() []string
	Stack() string
}

func main() {
	var w Whereer = &Outer{&Inner{}}
	fmt.Println("through an interface:", w.Where())
	f := w.Where
	fmt.Println("method value:", f())
	fmt.Println("stack:", w.Stack())
	o := Outer{&Inner{}}
	fmt.Println("promoted, direct:", o.Where())
}
