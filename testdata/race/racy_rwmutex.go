// Two readers writing under RLock are not ordered with each other (Go's
// RWMutex: readers acquire what writers released, and release into what
// writers acquire); a writer and a reader are.
package main

import (
	"fmt"
	"sync"
	"time"
)

var (
	mu      sync.RWMutex
	counter int
	shared  int
)

func main() {
	// Two readers writing under RLock race with each other.
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		mu.RLock()
		counter++
		mu.RUnlock()
	}()
	time.Sleep(20 * time.Millisecond)
	go func() {
		defer wg.Done()
		mu.RLock()
		counter++
		mu.RUnlock()
	}()
	wg.Wait()

	// A writer's Unlock happens before a reader's RLock, a reader's
	// RUnlock before a writer's Lock: no race.
	done := make(chan bool)
	go func() {
		mu.Lock()
		shared = 1
		mu.Unlock()
		done <- true
	}()
	mu.RLock()
	_ = shared
	mu.RUnlock()
	mu.Lock()
	shared = 2
	mu.Unlock()
	<-done
	fmt.Println(counter)
}
