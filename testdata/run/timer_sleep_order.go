package main

import (
	"fmt"
	"sync"
	"time"
)

// Sleepers wake in deadline order: goroutines started together sleep for
// different durations (50ms apart) and append their names to a shared,
// mutex-protected slice as they wake.

func main() {
	names := []string{"e", "b", "h", "a", "f", "c", "g", "d"}
	delays := []int{5, 2, 8, 1, 6, 3, 7, 4}
	var mu sync.Mutex
	var order []string
	var wg sync.WaitGroup
	start := time.Now()
	for i, name := range names {
		wg.Add(1)
		go func() {
			defer wg.Done()
			time.Sleep(time.Duration(delays[i]) * 50 * time.Millisecond)
			mu.Lock()
			order = append(order, name)
			mu.Unlock()
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	fmt.Println("wake order:", order)
	fmt.Println("took at least 400ms:", elapsed >= 400*time.Millisecond)

	// Sleep(0) and negative durations return at once.
	t := time.Now()
	time.Sleep(0)
	time.Sleep(-5 * time.Second)
	fmt.Println("zero and negative sleeps are instant:", time.Since(t) < time.Second)

	// Timers from time.After fire in deadline order too, whatever the
	// order they were created in.
	c3 := time.After(150 * time.Millisecond)
	c1 := time.After(50 * time.Millisecond)
	c2 := time.After(100 * time.Millisecond)
	for i := 0; i < 3; i++ {
		select {
		case <-c1:
			fmt.Println("50ms timer")
			c1 = nil
		case <-c2:
			fmt.Println("100ms timer")
			c2 = nil
		case <-c3:
			fmt.Println("150ms timer")
			c3 = nil
		}
	}
}
