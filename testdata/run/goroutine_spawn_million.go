package main

import (
	"fmt"
	"sync"
	"sync/atomic"
)

// Stress: one million goroutines, each tiny, joined with a WaitGroup.

func main() {
	const n = 1000000
	var wg sync.WaitGroup
	var count atomic.Int64
	var sum int64
	wg.Add(n)
	for i := 0; i < n; i++ {
		go func() {
			count.Add(1)
			atomic.AddInt64(&sum, int64(i%7))
			wg.Done()
		}()
	}
	wg.Wait()
	fmt.Println("goroutines run:", count.Load())
	fmt.Println("sum of i%7:", atomic.LoadInt64(&sum))
}
