package main

import (
	"fmt"
	"time"
)

// A goroutine spinning in a call-free backward-goto loop must not stop
// main's timer from firing: a goto back-edge is a preemption point like a
// loop's, even with GOMAXPROCS=1.

func main() {
	started := make(chan bool)
	x := 0
	go func() {
		started <- true
	spin:
		x++
		goto spin
	}()
	<-started
	go func() {
	again:
		goto again
	}()
	time.Sleep(50 * time.Millisecond)
	fmt.Println("main done")
}
