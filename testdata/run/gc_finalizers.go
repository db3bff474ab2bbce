// runtime.SetFinalizer: finalizers of unreachable objects run (one at a
// time, after a collection), a finalizer taking an interface gets the
// object boxed, SetFinalizer(p, nil) removes one, reachable objects keep
// theirs. Counts are checked with margins: minigo's stack scanning is
// conservative, so a stale register may keep an object alive a while.
package main

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

type Res struct {
	id   int
	data []int
}

func (r *Res) Close() {}

type Closer interface{ Close() }

var (
	direct, viaIface, removed atomic.Int64
	running, maxRunning       atomic.Int64
	mu                        sync.Mutex
	sumIDs                    int
)

func finalize(r *Res) {
	if n := running.Add(1); n > maxRunning.Load() {
		maxRunning.Store(n)
	}
	mu.Lock()
	sumIDs += r.id
	mu.Unlock()
	direct.Add(1)
	running.Add(-1)
}

func makeGarbage(n int) {
	for i := 0; i < n; i++ {
		r := &Res{id: i, data: make([]int, 10)}
		runtime.SetFinalizer(r, finalize)
	}
	for i := 0; i < n; i++ {
		r := &Res{id: i}
		runtime.SetFinalizer(r, func(c Closer) {
			if _, ok := c.(*Res); ok {
				viaIface.Add(1)
			}
		})
	}
	for i := 0; i < n; i++ {
		r := &Res{id: i}
		runtime.SetFinalizer(r, func(*Res) { removed.Add(1) })
		runtime.SetFinalizer(r, nil)
	}
}

func main() {
	kept := make([]*Res, 100)
	var keptRan atomic.Int64
	for i := range kept {
		kept[i] = &Res{id: i}
		runtime.SetFinalizer(kept[i], func(*Res) { keptRan.Add(1) })
	}
	const n = 1000
	makeGarbage(n)
	for i := 0; i < 5 && (direct.Load() < n*9/10 || viaIface.Load() < n*9/10); i++ {
		runtime.GC()
		time.Sleep(20 * time.Millisecond)
	}
	fmt.Println("direct finalizers ran:", direct.Load() >= n*9/10)
	fmt.Println("interface finalizers ran:", viaIface.Load() >= n*9/10)
	fmt.Println("removed finalizers ran:", removed.Load())
	fmt.Println("reachable objects finalized:", keptRan.Load())
	fmt.Println("at most one at a time:", maxRunning.Load() == 1)
	mu.Lock()
	fmt.Println("ids seen:", sumIDs > 0 && sumIDs <= n*(n-1)/2)
	mu.Unlock()
	runtime.KeepAlive(kept)
}
