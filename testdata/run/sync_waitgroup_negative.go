package main

import (
	"fmt"
	"sync"
)

// A negative WaitGroup counter is a panic with a string value: it can be
// recovered, and uncaught it ends the program.

func tryDone(wg *sync.WaitGroup) {
	defer func() {
		r := recover()
		s, ok := r.(string)
		fmt.Printf("recovered %q (string: %v)\n", s, ok)
	}()
	wg.Done()
}

func main() {
	var wg sync.WaitGroup
	wg.Add(2)
	wg.Done()
	wg.Done()
	wg.Wait()
	fmt.Println("counter back to zero")
	tryDone(&wg)
	var wg2 sync.WaitGroup
	wg2.Add(3)
	wg2.Add(-4)
}
