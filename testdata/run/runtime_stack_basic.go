// runtime.Stack and runtime/debug.Stack: the traceback's shape (header,
// function lines), without addresses, paths or goroutine ids.
package main

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// funcs keeps the lines of a traceback that name functions (no tabs), with
// goroutine numbers replaced by N and arguments dropped.
func funcs(s string) []string {
	var out []string
	for _, l := range strings.Split(strings.TrimRight(s, "\n"), "\n") {
		switch {
		case l == "":
			out = append(out, "")
		case strings.HasPrefix(l, "\t"):
		case strings.HasPrefix(l, "created by "):
			out = append(out, l)
		case strings.HasPrefix(l, "goroutine "):
			i := strings.Index(l, " [")
			out = append(out, "goroutine N"+l[i:])
		default:
			// Arguments differ (minigo prints "..."): keep the name.
			out = append(out, l[:strings.LastIndex(l, "(")])
		}
	}
	return out
}

//go:noinline
func inner() string {
	buf := make([]byte, 1<<16)
	n := runtime.Stack(buf, false)
	return string(buf[:n])
}

//go:noinline
func outer() string { return inner() }

type T struct{}

//go:noinline
func (T) method(x int) []byte { return debug.Stack() }

func waiter(ch chan int) { <-ch }

func locker(mu *sync.Mutex) { mu.Lock() }

// spin keeps running: runtime.Stack stops it to read its stack.
func spin(stop *atomic.Bool) {
	for !stop.Load() {
	}
}

func main() {
	s := outer()
	fmt.Println(strings.HasPrefix(s, "goroutine 1 [running]:\n"))
	fmt.Println(strings.Join(funcs(s), "\n"))
	fmt.Println("--")
	fmt.Println(strings.Join(funcs(string(T{}.method(1))), "\n"))
	fmt.Println("--")

	// A short buffer gets a truncated trace.
	small := make([]byte, 10)
	fmt.Println(runtime.Stack(small, false), string(small))

	ch := make(chan int)
	var mu sync.Mutex
	mu.Lock()
	go waiter(ch)
	go locker(&mu)
	var stop atomic.Bool
	go spin(&stop)
	time.Sleep(50 * time.Millisecond)
	buf := make([]byte, 1<<16)
	all := string(buf[:runtime.Stack(buf, true)])
	// The calling goroutine first, then the others, each after a blank line.
	fmt.Println(strings.HasPrefix(all, "goroutine 1 [running]:\nmain.main()\n"))
	var heads []string
	gs := strings.Split(all, "\n\n")
	for _, g := range gs[1:] {
		// Its first function of package main (Go shows sync's internals
		// above a Lock).
		f := funcs(g)
		for _, l := range f[1:] {
			if strings.HasPrefix(l, "main.") {
				heads = append(heads, f[0]+" "+l+" / "+f[len(f)-1])
				break
			}
		}
	}
	sort.Strings(heads)
	fmt.Println(strings.Join(heads, "\n"))
	stop.Store(true)
	mu.Unlock()
	close(ch)
	fmt.Println(runtime.NumCgoCall())
}
