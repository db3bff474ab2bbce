package main

import (
	"fmt"
	"runtime"
	"sync"
)

// TryLock and TryRLock, and a pending writer keeping new readers out
// until the readers inside have left.

func main() {
	var rw sync.RWMutex
	fmt.Println("TryRLock on free:", rw.TryRLock())
	fmt.Println("TryRLock again:", rw.TryRLock())
	fmt.Println("TryLock with readers:", rw.TryLock())
	rw.RUnlock()
	rw.RUnlock()
	fmt.Println("TryLock on free:", rw.TryLock())
	fmt.Println("TryRLock while write-locked:", rw.TryRLock())
	fmt.Println("TryLock while write-locked:", rw.TryLock())
	rw.Unlock()

	var m sync.Mutex
	fmt.Println("Mutex.TryLock:", m.TryLock(), m.TryLock())
	m.Unlock()

	rw.RLock()
	done := make(chan struct{})
	go func() {
		rw.Lock()
		fmt.Println("writer in")
		rw.Unlock()
		close(done)
	}()
	// Wait until the writer is pending: from then on new readers fail.
	for rw.TryRLock() {
		rw.RUnlock()
		runtime.Gosched()
	}
	fmt.Println("writer pending; TryRLock:", rw.TryRLock(), "TryLock:", rw.TryLock())
	rw.RUnlock()
	<-done
	rw.RLock()
	fmt.Println("reader in after the writer")
	rw.RUnlock()
}
