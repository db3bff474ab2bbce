package main

import (
	"fmt"
	"sync"
	"sync/atomic"
)

// Many goroutines updating shared state: a Mutex-protected map, an atomic
// counter and sync.Once.

func main() {
	var mu sync.Mutex
	counts := map[int]int{}
	var ops int64
	var once sync.Once
	var wg sync.WaitGroup
	for g := 0; g < 50; g++ {
		wg.Add(1)
		go func(id int) {
			defer wg.Done()
			once.Do(func() { fmt.Println("once: initialised exactly one time") })
			for k := 0; k < 100; k++ {
				mu.Lock()
				counts[k%5]++
				mu.Unlock()
				atomic.AddInt64(&ops, 1)
			}
		}(g)
	}
	wg.Wait()
	fmt.Println(counts)
	fmt.Println("ops:", atomic.LoadInt64(&ops))
	var n atomic.Int64
	n.Store(10)
	n.Add(5)
	fmt.Println(n.Load(), n.CompareAndSwap(15, 20), n.CompareAndSwap(15, 30), n.Load())
	var v int64 = 1
	fmt.Println(atomic.CompareAndSwapInt64(&v, 1, 2), v)
	atomic.StoreInt64(&v, 9)
	fmt.Println(atomic.LoadInt64(&v))
}
