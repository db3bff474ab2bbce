package main

import (
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
)

type Config struct {
	Name string
	N    int
}

func main() {
	created := 0
	pool := sync.Pool{New: func() any {
		created++
		return new(strings.Builder)
	}}
	b := pool.Get().(*strings.Builder)
	b.WriteString("hello")
	fmt.Println(b.String(), created)
	b.Reset()
	pool.Put(b)
	var empty sync.Pool
	fmt.Println(empty.Get())

	var v atomic.Value
	fmt.Println(v.Load())
	v.Store(Config{"a", 1})
	fmt.Println(v.Load().(Config))
	fmt.Println(v.Swap(Config{"b", 2}), v.Load())
	fmt.Println(v.CompareAndSwap(Config{"x", 0}, Config{"c", 3}), v.Load())
	fmt.Println(v.CompareAndSwap(Config{"b", 2}, Config{"c", 3}), v.Load())
	var wg sync.WaitGroup
	var counter atomic.Value
	counter.Store(0)
	var mu sync.Mutex
	for i := 0; i < 50; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			counter.Store(counter.Load().(int) + 1)
			mu.Unlock()
		}()
	}
	wg.Wait()
	fmt.Println(counter.Load())
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		v.Store("a string")
	}()
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		var w atomic.Value
		w.Store(nil)
	}()
}
