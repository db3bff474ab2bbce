// runtime.SetBlockProfileRate / SetMutexProfileFraction with
// runtime.BlockProfile / MutexProfile: which functions the records name.
package main

import (
	"fmt"
	"runtime"
	"sort"
	"sync"
	"time"
)

func recvWait(ch chan int) { <-ch }

func selectWait(a, b chan int) {
	select {
	case <-a:
	case <-b:
	}
}

func lockHolder(mu *sync.Mutex) {
	mu.Lock()
	time.Sleep(20 * time.Millisecond)
	mu.Unlock()
}

func condWait(c *sync.Cond, done *bool) {
	c.L.Lock()
	for !*done {
		c.Wait()
	}
	c.L.Unlock()
}

// names: the functions of package main in the records' stacks.
func names(p []runtime.BlockProfileRecord) []string {
	seen := map[string]bool{}
	for _, r := range p {
		if r.Count <= 0 || r.Cycles <= 0 {
			fmt.Println("bad record", r.Count, r.Cycles)
		}
		fr := runtime.CallersFrames(r.Stack())
		for {
			f, more := fr.Next()
			if len(f.Function) > 5 && f.Function[:5] == "main." {
				seen[f.Function] = true
			}
			if !more {
				break
			}
		}
	}
	var out []string
	for k := range seen {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func main() {
	n, ok := runtime.BlockProfile(nil)
	fmt.Println("before:", n, ok)
	runtime.SetBlockProfileRate(1)
	fmt.Println(runtime.SetMutexProfileFraction(-1))
	fmt.Println(runtime.SetMutexProfileFraction(1))
	fmt.Println(runtime.SetMutexProfileFraction(-1))

	ch := make(chan int)
	go func() { time.Sleep(20 * time.Millisecond); ch <- 1 }()
	recvWait(ch)

	a, b := make(chan int), make(chan int)
	go func() { time.Sleep(20 * time.Millisecond); b <- 1 }()
	selectWait(a, b)

	var mu sync.Mutex
	var wg sync.WaitGroup
	for i := 0; i < 3; i++ {
		wg.Add(1)
		go func() { defer wg.Done(); lockHolder(&mu) }()
	}
	wg.Wait()

	c := sync.NewCond(&sync.Mutex{})
	done := false
	wg.Add(1)
	go func() { defer wg.Done(); condWait(c, &done) }()
	time.Sleep(20 * time.Millisecond)
	c.L.Lock()
	done = true
	c.Broadcast()
	c.L.Unlock()
	wg.Wait()

	n, ok = runtime.BlockProfile(nil)
	fmt.Println("block records:", n > 0, ok)
	p := make([]runtime.BlockProfileRecord, n+10)
	n, ok = runtime.BlockProfile(p)
	fmt.Println(ok, names(p[:n]))

	n, _ = runtime.MutexProfile(nil)
	p = make([]runtime.BlockProfileRecord, n+10)
	n, ok = runtime.MutexProfile(p)
	fmt.Println("mutex records:", n > 0, ok, names(p[:n]))

	var r runtime.StackRecord
	fmt.Println(len(r.Stack()))
	r.Stack0[0], r.Stack0[1] = 1, 2
	fmt.Println(len(r.Stack()))

	runtime.SetBlockProfileRate(0)
	runtime.SetMutexProfileFraction(0)
	runtime.SetCPUProfileRate(0)
}
