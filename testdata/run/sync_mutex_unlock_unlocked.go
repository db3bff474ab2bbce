package main

import (
	"fmt"
	"sync"
)

// Unlocking an unlocked Mutex is a fatal error (not a panic: recover
// cannot stop it).

func main() {
	defer func() {
		fmt.Println("recovered:", recover())
	}()
	var mu sync.Mutex
	mu.Lock()
	mu.Unlock()
	fmt.Println("unlocked once")
	mu.Unlock()
}
