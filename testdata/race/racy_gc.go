// A race whose two accesses straddle a collection: the goroutine's write
// happens before runtime.GC, main's unsynchronised read after it.
package main

import (
	"fmt"
	"runtime"
	"time"
)

type box struct{ v int }

func main() {
	b := &box{}
	go func() {
		b.v = 1
	}()
	time.Sleep(20 * time.Millisecond)
	for i := 0; i < 1000; i++ {
		_ = make([]byte, 1024)
	}
	runtime.GC()
	fmt.Println(b.v)
}
