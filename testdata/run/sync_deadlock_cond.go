package main

import (
	"fmt"
	"sync"
)

// Waiting on a Cond that nobody will signal: Go's wait reason is
// "sync.Cond.Wait". A Signal before the Wait is not remembered.

func main() {
	var mu sync.Mutex
	c := sync.NewCond(&mu)
	c.Signal()
	c.Broadcast()
	mu.Lock()
	fmt.Println("waiting for a signal that already came")
	c.Wait()
	fmt.Println("unreachable")
}
