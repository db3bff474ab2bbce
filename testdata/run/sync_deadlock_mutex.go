package main

import (
	"fmt"
	"sync"
)

// Locking a sync.Mutex twice from the same goroutine blocks forever (Go's
// mutexes are not reentrant): "goroutine 1 [sync.Mutex.Lock]".

type registry struct {
	mu    sync.Mutex
	names []string
}

func (r *registry) add(name string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.names = append(r.names, name)
}

func (r *registry) addTwice(name string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	fmt.Println("addTwice holds the lock, calling add")
	r.add(name)
	r.add(name)
}

func main() {
	var r registry
	r.add("a")
	r.add("b")
	fmt.Println(r.names)
	r.addTwice("c")
	fmt.Println("unreachable")
}
