package main

import (
	"fmt"
	"sync"
)

// RUnlock without a read lock is a fatal error, even when the RWMutex is
// write-locked.

func main() {
	var rw sync.RWMutex
	rw.RLock()
	rw.RUnlock()
	rw.Lock()
	fmt.Println("write-locked; read-unlocking")
	rw.RUnlock()
}
