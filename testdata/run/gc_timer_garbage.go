// Unreachable timers are garbage even while armed (Go 1.23+): a loop of
// select with time.After(time.Hour) must not keep 300k timers and channels.
package main

import (
	"fmt"
	"runtime"
	"time"
)

func main() {
	ready := make(chan int, 1)
	n := 0
	for i := 0; i < 300000; i++ {
		ready <- i
		select {
		case v := <-ready:
			n += v & 1
		case <-time.After(time.Hour):
			fmt.Println("timeout")
		}
	}
	t := time.NewTicker(time.Millisecond)
	<-t.C
	t.Stop()
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	fmt.Println(n, m.HeapAlloc < 4<<20)
}
