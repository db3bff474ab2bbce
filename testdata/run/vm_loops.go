package main

import (
	"fmt"
	"math"
	"runtime"
	"sync/atomic"
)

func count(n int) int {
	c := 0
	for i := 0; i < n; i++ {
		c++
	}
	return c
}

func main() {
	fmt.Println(count(0), count(1), count(-5), count(70_000))
	// The body changes the counter and the bound.
	n := 10
	var seen []int
	for i := 0; i < n; i++ {
		if i == 2 {
			i += 3
		}
		if i == 7 {
			n = 9
		}
		seen = append(seen, i)
	}
	fmt.Println(seen, n)
	// continue, break and labels.
	s := 0
outer:
	for i := 0; i < 100_000; i++ {
		if i%2 == 0 {
			continue
		}
		for j := 0; j < i; j++ {
			if j == 3 {
				continue outer
			}
			s += j
		}
		if i > 50 {
			break
		}
	}
	fmt.Println(s)
	// Near the top of int64: no wrap past the bound.
	c := 0
	for i := math.MaxInt64 - 2; i < math.MaxInt64; i++ {
		c++
	}
	fmt.Println(c)
	var k int64
	for i := int64(-3); i < 1<<20; i++ {
		k += i & 1
	}
	fmt.Println(k)
	// Narrow counters keep their own wrap-around.
	var b int8
	steps := 0
	for b = 120; b < 127; b++ {
		steps++
	}
	fmt.Println(b, steps)
	// Each iteration's own variable when captured.
	var fs []func() int
	for i := 0; i < 3; i++ {
		fs = append(fs, func() int { return i * 10 })
	}
	for _, f := range fs {
		fmt.Print(f(), " ")
	}
	fmt.Println()
	// A tight loop is preempted so another goroutine runs (GOMAXPROCS=1).
	runtime.GOMAXPROCS(1)
	var flag atomic.Bool
	go func() { flag.Store(true) }()
	spins := 0
	for i := 0; i < math.MaxInt64 && !flag.Load(); i++ {
		spins = 1
	}
	fmt.Println("done", spins >= 0)
	var stop atomic.Bool
	go func() { stop.Store(true) }()
	total := 0
	for i := 0; i < 1<<62; i++ {
		if stop.Load() {
			break
		}
		total++
	}
	fmt.Println("stopped", total >= 0)
}
