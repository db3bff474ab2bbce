package main

import (
	"fmt"
	"sync"
)

// A second Lock of a write-locked RWMutex queues on the RWMutex's inner
// writer Mutex, so Go's wait reason is "sync.Mutex.Lock", not
// "sync.RWMutex.Lock" (that one is for a writer waiting for readers).

func main() {
	var mu sync.RWMutex
	mu.Lock()
	fmt.Println("write-locked; locking again")
	mu.Lock()
	fmt.Println("unreachable")
}
