package main

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
)

// runtime.Gosched yields the processor: goroutines that wait for a flag by
// yielding (instead of blocking) still make progress, whatever GOMAXPROCS.

func main() {
	var stage atomic.Int64
	var wg sync.WaitGroup
	log := make([]int64, 0, 10)
	var mu sync.Mutex
	// Goroutine i waits until stage == i, records it, then advances the
	// stage: the records come out in order 0..9 although the goroutines
	// are started in reverse.
	for i := int64(9); i >= 0; i-- {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for stage.Load() != i {
				runtime.Gosched()
			}
			mu.Lock()
			log = append(log, i)
			mu.Unlock()
			stage.Add(1)
		}()
	}
	wg.Wait()
	fmt.Println("stages in order:", log)

	// main yields until a goroutine has done its work.
	var flag atomic.Bool
	go func() {
		flag.Store(true)
	}()
	yields := 0
	for !flag.Load() {
		runtime.Gosched()
		yields++
	}
	fmt.Println("flag set; yielded:", yields >= 0)
	runtime.Gosched()
	fmt.Println("Gosched with nothing else to run returns")
}
