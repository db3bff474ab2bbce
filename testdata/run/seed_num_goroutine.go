package main

import (
	"fmt"
	"runtime"
	"sync"
)

// Counting Gs as the articles do: goroutines that are blocked on a channel
// still exist and are counted by runtime.NumGoroutine.

func main() {
	fmt.Println("at start:", runtime.NumGoroutine())
	gate := make(chan struct{})
	var started, finished sync.WaitGroup
	for i := 0; i < 5; i++ {
		started.Add(1)
		finished.Add(1)
		go func(id int) {
			defer finished.Done()
			started.Done()
			<-gate
		}(i)
	}
	started.Wait()
	fmt.Println("with 5 parked goroutines:", runtime.NumGoroutine())
	close(gate)
	finished.Wait()
	prev := runtime.GOMAXPROCS(2)
	fmt.Println("GOMAXPROCS was positive:", prev > 0, "now:", runtime.GOMAXPROCS(0))
	fmt.Println("NumCPU positive:", runtime.NumCPU() > 0)
}
