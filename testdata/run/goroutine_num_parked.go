package main

import (
	"fmt"
	"runtime"
	"sync"
)

// runtime.NumGoroutine counts goroutines that are parked on a channel, a
// mutex or a WaitGroup; once they have all returned only main is left.

func main() {
	fmt.Println("start:", runtime.NumGoroutine())
	gate := make(chan struct{})
	ready := make(chan int)
	var mu sync.Mutex
	var inner sync.WaitGroup
	inner.Add(1)
	mu.Lock()
	for i := 0; i < 10; i++ {
		go func() {
			ready <- i
			<-gate
		}()
	}
	for i := 0; i < 3; i++ {
		go func() {
			ready <- 100 + i
			mu.Lock()
			mu.Unlock()
		}()
	}
	for i := 0; i < 2; i++ {
		go func() {
			ready <- 200 + i
			inner.Wait()
		}()
	}
	sum := 0
	for i := 0; i < 15; i++ {
		sum += <-ready
	}
	fmt.Println("ready sum:", sum)
	fmt.Println("with 15 parked:", runtime.NumGoroutine())
	close(gate)
	mu.Unlock()
	inner.Done()
	for runtime.NumGoroutine() > 1 {
		runtime.Gosched()
	}
	fmt.Println("after release:", runtime.NumGoroutine())
}
