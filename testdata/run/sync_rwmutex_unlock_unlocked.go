package main

import (
	"fmt"
	"sync"
)

// Unlock of a read-locked (not write-locked) RWMutex is a fatal error.

func main() {
	var rw sync.RWMutex
	rw.RLock()
	fmt.Println("read-locked; write-unlocking")
	rw.Unlock()
}
