// runtime.SetFinalizer and runtime.AddCleanup on pointers to arrays (small,
// large, of strings) run once the arrays are unreachable, as Go's do.
// (No tiny object: Go batches those and may never run their cleanups.)
package main

import (
	"fmt"
	"runtime"
	"time"
)

type S struct {
	pad [3]int
	Arr [200]int
}

func main() {
	done := make(chan string, 3)
	func() {
		p := new([64]byte)
		runtime.SetFinalizer(p, func(q *[64]byte) { done <- fmt.Sprint("small ", len(q)) })
		big := new([1000]int)
		runtime.SetFinalizer(big, func(q *[1000]int) { done <- fmt.Sprint("big ", len(q)) })
		a := new([8]string)
		runtime.AddCleanup(a, func(s string) { done <- s }, "cleanup array")
	}()
	got := map[string]bool{}
	for i := 0; i < 50 && len(got) < 3; i++ {
		runtime.GC()
		select {
		case s := <-done:
			got[s] = true
		case <-time.After(10 * time.Millisecond):
		}
	}
	fmt.Println(len(got), got["small 64"], got["big 1000"], got["cleanup array"])
}
