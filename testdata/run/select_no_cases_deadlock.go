package main

import (
	"fmt"
	"sync"
)

// select {} blocks forever. Once the workers are done, nothing can wake
// main: Go reports a deadlock with main waiting in "select (no cases)".

func main() {
	var wg sync.WaitGroup
	var mu sync.Mutex
	total := 0
	for i := 1; i <= 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			total += i * i
			mu.Unlock()
		}()
	}
	wg.Wait()
	fmt.Println("workers done, total", total)
	select {}
}
