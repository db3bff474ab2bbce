package main

import (
	"fmt"
	"sync"
)

// 100 goroutines x 1000 increments under a sync.Mutex: no update is lost.

type counter struct {
	mu sync.Mutex
	n  map[string]int
}

func (c *counter) inc(key string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.n[key]++
}

func (c *counter) get(key string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n[key]
}

func main() {
	var mu sync.Mutex
	total := 0
	var wg sync.WaitGroup
	for g := 0; g < 100; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 1000; i++ {
				mu.Lock()
				total++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	fmt.Println("total:", total)

	c := counter{n: map[string]int{}}
	keys := []string{"red", "green", "blue"}
	for g := 0; g < 30; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 100; i++ {
				c.inc(keys[(g+i)%len(keys)])
			}
		}()
	}
	wg.Wait()
	for _, k := range keys {
		fmt.Println(k, c.get(k))
	}

	// TryLock reports whether the lock was free.
	fmt.Println("TryLock free:", mu.TryLock())
	fmt.Println("TryLock held:", mu.TryLock())
	mu.Unlock()
	fmt.Println("TryLock after Unlock:", mu.TryLock())
	mu.Unlock()
}
