// Inside a deferred call a panic runs, debug.Stack and runtime.Callers
// show Go's panic line and the frames that panicked; function literals
// of package-level initializers are named main.init.funcN.
package main

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
)

func inner() {
	var p *[2]int
	fmt.Println(p[1])
}

func middle() { inner() }

// frames names the functions of a stack text, innermost first.
func frames(stack string) []string {
	var out []string
	for _, l := range strings.Split(stack, "\n") {
		if l == "" || strings.HasPrefix(l, "\t") || strings.HasPrefix(l, "goroutine ") {
			continue
		}
		name := l[:strings.LastIndex(l, "(")]
		out = append(out, name)
	}
	return out
}

func callers() []string {
	pcs := make([]uintptr, 20)
	n := runtime.Callers(1, pcs)
	fs := runtime.CallersFrames(pcs[:n])
	var out []string
	for {
		f, more := fs.Next()
		out = append(out, fmt.Sprintf("%s:%d", f.Function, f.Line))
		if !more {
			break
		}
	}
	return out
}

func recovered() (cs []string, stack string) {
	defer func() {
		if r := recover(); r != nil {
			stack = string(debug.Stack())
			cs = callers()
		}
	}()
	middle()
	return nil, ""
}

func main() {
	cs, stack := recovered()
	fmt.Println(strings.Join(frames(stack), "\n"))
	fmt.Println("--")
	for _, c := range cs {
		if strings.HasPrefix(c, "main.") || c == "runtime.gopanic:0" || strings.HasPrefix(c, "runtime.gopanic") {
			fmt.Println(c)
		}
	}
	fmt.Println("--")
	selfPanic()
	fmt.Println("--")
	fmt.Println(pkgLevel())
}

// A panic in the deferring function itself: no frames were left.
func selfPanic() {
	defer func() {
		recover()
		fmt.Println(strings.Join(frames(string(debug.Stack())), "\n"))
	}()
	panic("here")
}

// Function literals of package-level initializers are main.init.funcN,
// in the program's file.
var pkgLevel = func() string {
	pc, file, _, _ := runtime.Caller(0)
	return runtime.FuncForPC(pc).Name() + " " + file[strings.LastIndex(file, "/")+1:]
}
