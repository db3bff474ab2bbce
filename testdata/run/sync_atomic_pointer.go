package main

import (
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"
)

type node struct{ v int }

func main() {
	var u atomic.Uint32
	u.Store(1 << 31)
	fmt.Println(u.Swap(5), u.CompareAndSwap(5, 1<<32-1), u.Load(), u.CompareAndSwap(5, 0), u.Add(1))
	var w atomic.Uint64
	w.Store(1 << 63)
	fmt.Println(w.Swap(7), w.CompareAndSwap(7, 1<<64-1), w.Load())
	var p atomic.Pointer[node]
	fmt.Println(p.Load() == nil)
	a, b := &node{1}, &node{2}
	p.Store(a)
	fmt.Println(p.CompareAndSwap(b, b), p.CompareAndSwap(a, b), p.Load().v, p.Swap(a).v)
	var wg sync.WaitGroup
	var cnt atomic.Uint32
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 1000; j++ {
				for {
					o := cnt.Load()
					if cnt.CompareAndSwap(o, o+1) {
						break
					}
				}
			}
		}()
	}
	wg.Wait()
	fmt.Println(cnt.Load())
	fmt.Println(string(strconv.AppendFloat([]byte("f="), 1.5, 'e', 3, 64)), string(strconv.AppendUint(nil, 42, 16)), string(strconv.AppendBool([]byte("x"), true)), string(strconv.AppendQuoteRune(nil, 'é')))
	fmt.Println(string(fmt.Appendf([]byte("a"), "%d-%s", 3, "x")), string(fmt.Append(nil, 1, "b", 2)), string(fmt.Appendln(nil, "z", 1)))
}
