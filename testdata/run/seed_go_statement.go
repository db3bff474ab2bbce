package main

import (
	"fmt"
	"sync"
)

// `go doSomething()` followed by `doAnotherThing()` from the runtime article,
// synchronised so the output is deterministic.

var log []string
var mu sync.Mutex
var done = make(chan struct{})

func record(s string) {
	mu.Lock()
	defer mu.Unlock()
	log = append(log, s)
}

func doSomething() {
	record("doSomething ran in a new goroutine")
	close(done)
}

func doAnotherThing() {
	record("doAnotherThing ran on main")
}

func main() {
	go doSomething()
	<-done
	doAnotherThing()
	for i, l := range log {
		fmt.Println(i, l)
	}
}
