package main

import (
	"fmt"
	"sync"
)

// One Done too few: Wait never returns. Go reports the deadlock with main
// waiting in "sync.WaitGroup.Wait".

func main() {
	var wg sync.WaitGroup
	results := make([]int, 3)
	for i := 0; i < 3; i++ {
		wg.Add(1)
		go func() {
			results[i] = (i + 1) * 100
			if i != 1 {
				wg.Done()
			}
		}()
	}
	fmt.Println("waiting for 3 workers")
	wg.Wait()
	fmt.Println("unreachable", results)
}
