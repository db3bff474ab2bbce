package main

// time.AfterFunc starts its goroutine when the timer fires, not before:
// pending AfterFuncs are not goroutines. A dropped *Timer still fires
// (the timer keeps its function alive across collections); Reset after a
// fire runs the function again; Stop before the fire prevents it.

import (
	"fmt"
	"runtime"
	"sync"
	"time"
)

func main() {
	before := runtime.NumGoroutine()
	var timers []*time.Timer
	for i := 0; i < 100; i++ {
		timers = append(timers, time.AfterFunc(time.Hour, func() {}))
	}
	fmt.Println("goroutines for 100 pending AfterFuncs:", runtime.NumGoroutine()-before)
	stopped := 0
	for _, t := range timers {
		if t.Stop() {
			stopped++
		}
	}
	fmt.Println("stopped:", stopped)

	// Dropped timers still fire, even after collections.
	var wg sync.WaitGroup
	var mu sync.Mutex
	sum := 0
	for i := 1; i <= 10; i++ {
		wg.Add(1)
		time.AfterFunc(time.Duration(i)*time.Millisecond, func() {
			mu.Lock()
			sum += i
			mu.Unlock()
			wg.Done()
		})
	}
	runtime.GC()
	runtime.GC()
	wg.Wait()
	fmt.Println("sum of dropped timers:", sum)

	// Reset after the fire runs f again.
	ran := make(chan int, 4)
	n := 0
	t := time.AfterFunc(time.Millisecond, func() { n++; ran <- n })
	fmt.Println("first run:", <-ran)
	fmt.Println("reset after fire (active):", t.Reset(time.Millisecond))
	fmt.Println("second run:", <-ran)

	// Stop before the fire: f never runs; Reset then arms it again.
	t2 := time.AfterFunc(time.Hour, func() { ran <- 100 })
	fmt.Println("stop pending:", t2.Stop())
	fmt.Println("stop again:", t2.Stop())
	fmt.Println("reset stopped (active):", t2.Reset(time.Millisecond))
	fmt.Println("after reset:", <-ran)

	// A zero Timer panics as Go's does.
	defer func() { fmt.Println("recovered:", recover()) }()
	var z time.Timer
	z.Stop()
}
