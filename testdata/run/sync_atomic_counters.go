package main

import (
	"fmt"
	"sync"
	"sync/atomic"
)

// sync/atomic: AddInt64, LoadInt64, StoreInt64, CompareAndSwapInt64 and the
// atomic.Int64 type, hammered by 50 goroutines.

type stats struct {
	hits   atomic.Int64
	misses atomic.Int64
}

func main() {
	var n int64
	var s stats
	var wg sync.WaitGroup
	for g := 0; g < 50; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				atomic.AddInt64(&n, 2)
				if i%4 == 0 {
					s.misses.Add(1)
				} else {
					s.hits.Add(1)
				}
			}
		}()
	}
	wg.Wait()
	fmt.Println("n:", atomic.LoadInt64(&n))
	fmt.Println("hits:", s.hits.Load(), "misses:", s.misses.Load())

	// CompareAndSwap: exactly one goroutine wins each slot.
	var winner int64 = -1
	var wins atomic.Int64
	for g := 0; g < 20; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if atomic.CompareAndSwapInt64(&winner, -1, int64(g)) {
				wins.Add(1)
			}
		}()
	}
	wg.Wait()
	w := atomic.LoadInt64(&winner)
	fmt.Println("wins:", wins.Load(), "winner in range:", w >= 0 && w < 20)

	// A CAS loop computing a maximum.
	var max atomic.Int64
	for g := 1; g <= 30; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			v := int64((g * 37) % 101)
			for {
				cur := max.Load()
				if v <= cur || max.CompareAndSwap(cur, v) {
					return
				}
			}
		}()
	}
	wg.Wait()
	fmt.Println("max:", max.Load())

	atomic.StoreInt64(&n, 5)
	fmt.Println("stored:", atomic.LoadInt64(&n), "swapped old:", s.hits.Swap(1), "now:", s.hits.Load())
	s.misses.Store(-3)
	fmt.Println("misses:", s.misses.Load(), "add returns new:", s.misses.Add(10))
}
