package main

import (
	"fmt"
	"sync"
)

// sync.RWMutex: many readers at once, writers alone. Writers keep two fields
// equal; readers, under RLock, must never see them differ.

type account struct {
	mu      sync.RWMutex
	balance int
	mirror  int
	history []int
}

func (a *account) deposit(v int) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.balance += v
	a.history = append(a.history, v)
	a.mirror += v
}

func (a *account) consistent() bool {
	a.mu.RLock()
	defer a.mu.RUnlock()
	return a.balance == a.mirror && len(a.history) >= 0
}

func main() {
	var acc account
	var wg sync.WaitGroup
	var bad sync.Mutex
	inconsistent := 0
	for w := 1; w <= 5; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				acc.deposit(w)
			}
		}()
	}
	for r := 0; r < 10; r++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 300; i++ {
				if !acc.consistent() {
					bad.Lock()
					inconsistent++
					bad.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	fmt.Println("balance:", acc.balance, "mirror:", acc.mirror)
	fmt.Println("deposits:", len(acc.history), "inconsistent reads:", inconsistent)

	// Several readers can hold the lock together.
	var rw sync.RWMutex
	rw.RLock()
	rw.RLock()
	fmt.Println("two read locks held; TryLock:", rw.TryLock(), "TryRLock:", rw.TryRLock())
	rw.RUnlock()
	rw.RUnlock()
	rw.RUnlock()
	fmt.Println("all read locks released; TryLock:", rw.TryLock())
	fmt.Println("write-locked; TryRLock:", rw.TryRLock())
	rw.Unlock()
}
