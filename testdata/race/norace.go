// Race-free sharing: every pair of accesses is ordered by a go
// statement, a channel, a mutex, a WaitGroup, a Once or an atomic.
package main

import (
	"fmt"
	"sync"
	"sync/atomic"
)

type counter struct {
	mu sync.Mutex
	n  int
}

func (c *counter) inc() {
	c.mu.Lock()
	c.n++
	c.mu.Unlock()
}

var (
	once   sync.Once
	config map[string]int
)

func load() map[string]int {
	once.Do(func() { config = map[string]int{"a": 1} })
	return config
}

func main() {
	// Written before go, read after: ordered by the go statement.
	data := []int{1, 2, 3}
	var wg sync.WaitGroup
	var c counter
	var rw sync.RWMutex
	shared := map[int]int{}
	var hits atomic.Int64
	var flag int32
	total := 0
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.inc()
			_ = data[i%3]
			rw.Lock()
			shared[i] = i
			rw.Unlock()
			rw.RLock()
			_ = shared[0]
			rw.RUnlock()
			hits.Add(1)
			atomic.AddInt32(&flag, 1)
			_ = load()["a"]
		}()
	}
	wg.Wait()
	total += c.n // ordered by wg.Wait

	// Unbuffered hand-off both ways.
	res := 0
	ch := make(chan int)
	go func() {
		res = 42
		ch <- 1
		<-ch
		res++
	}()
	<-ch
	res *= 2
	ch <- 0
	close(ch)

	// A buffered channel as a semaphore, and close as a signal.
	sem := make(chan struct{}, 1)
	done := make(chan bool)
	cnt := 0
	for i := 0; i < 4; i++ {
		go func() {
			sem <- struct{}{}
			cnt++
			<-sem
			done <- true
		}()
	}
	for i := 0; i < 4; i++ {
		<-done
	}
	quit := make(chan struct{})
	val := 0
	go func() {
		val = 7
		close(quit)
	}()
	select {
	case <-quit:
	}
	// Publication through an atomic flag.
	var ready atomic.Bool
	msg := ""
	go func() {
		msg = "hi"
		ready.Store(true)
	}()
	for !ready.Load() {
	}
	fmt.Println(total, len(shared), hits.Load(), atomic.LoadInt32(&flag), cnt, val, msg)
}
