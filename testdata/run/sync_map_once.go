package main

import (
	"fmt"
	"sort"
	"sync"
)

func main() {
	var m sync.Map
	var wg sync.WaitGroup
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			m.Store(i, i*i)
			m.LoadOrStore("shared", i >= 0)
		}(i)
	}
	wg.Wait()
	v, ok := m.Load(7)
	fmt.Println(v, ok)
	v, ok = m.Load(99)
	fmt.Println(v, ok)
	a, loaded := m.LoadOrStore(3, "x")
	fmt.Println(a, loaded)
	a, loaded = m.LoadOrStore(100, "new")
	fmt.Println(a, loaded)
	fmt.Println(m.CompareAndSwap(100, "new", "newer"), m.CompareAndSwap(100, "new", "x"))
	p, loaded := m.Swap(100, "swapped")
	fmt.Println(p, loaded)
	fmt.Println(m.CompareAndDelete(100, "nope"), m.CompareAndDelete(100, "swapped"))
	v, loaded = m.LoadAndDelete(5)
	fmt.Println(v, loaded)
	m.Delete(6)
	var keys []int
	m.Range(func(k, v any) bool {
		if i, ok := k.(int); ok {
			keys = append(keys, i)
		}
		return true
	})
	sort.Ints(keys)
	fmt.Println(keys)
	m.Clear()
	n := 0
	m.Range(func(k, v any) bool { n++; return true })
	fmt.Println(n)

	calls := 0
	f := sync.OnceFunc(func() { calls++ })
	f()
	f()
	fmt.Println(calls)
	g := sync.OnceValue(func() int { calls++; return calls * 10 })
	fmt.Println(g(), g(), calls)
	h := sync.OnceValues(func() (string, error) { return "v", fmt.Errorf("e") })
	s, err := h()
	fmt.Println(s, err)
	pf := sync.OnceFunc(func() { panic("boom") })
	for i := 0; i < 2; i++ {
		func() {
			defer func() { fmt.Println("recovered:", recover()) }()
			pf()
		}()
	}
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		m.Store([]int{1}, 1)
	}()
}
