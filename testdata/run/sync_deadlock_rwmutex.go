package main

import (
	"fmt"
	"sync"
)

// Upgrading a read lock to a write lock deadlocks: Lock waits for the
// reader, which is the same goroutine. Go's wait reason is
// "sync.RWMutex.Lock".

type cache struct {
	mu   sync.RWMutex
	data map[string]int
}

func (c *cache) getOrCompute(key string) int {
	c.mu.RLock()
	defer c.mu.RUnlock()
	if v, ok := c.data[key]; ok {
		return v
	}
	fmt.Println("miss:", key, "- taking the write lock while reading")
	c.mu.Lock()
	defer c.mu.Unlock()
	c.data[key] = len(key)
	return c.data[key]
}

func main() {
	c := &cache{data: map[string]int{"go": 2}}
	fmt.Println("hit:", c.getOrCompute("go"))
	fmt.Println(c.getOrCompute("gopher"))
}
