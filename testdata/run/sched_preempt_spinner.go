package main

import (
	"fmt"
	"time"
)

// A goroutine spinning in a call-free `for {}` loop must not stop main's
// timer from firing: the scheduler preempts the spinner (Go does so
// asynchronously; minigo at loop back-edges), even with GOMAXPROCS=1.
// main returns while the spinner still spins; the program ends.

func main() {
	started := make(chan bool)
	go func() {
		started <- true
		for {
		}
	}()
	<-started
	x := 0
	go func() {
		for {
			x++
		}
	}()
	time.Sleep(50 * time.Millisecond)
	fmt.Println("main done")
}
