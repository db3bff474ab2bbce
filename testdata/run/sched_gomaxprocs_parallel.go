package main

import (
	"fmt"
	"runtime"
	"sync"
)

// runtime.GOMAXPROCS(n) returns the previous setting; the result of the
// work does not depend on the setting. Each goroutine counts the primes in
// its own range; the counts are combined in range order.

func countPrimes(lo, hi int) int {
	n := 0
	for x := lo; x < hi; x++ {
		if x < 2 {
			continue
		}
		prime := true
		for d := 2; d*d <= x; d++ {
			if x%d == 0 {
				prime = false
				break
			}
		}
		if prime {
			n++
		}
	}
	return n
}

func run(procs int) []int {
	runtime.GOMAXPROCS(procs)
	counts := make([]int, 8)
	var wg sync.WaitGroup
	for i := range counts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			counts[i] = countPrimes(i*5000, (i+1)*5000)
		}()
	}
	wg.Wait()
	return counts
}

func main() {
	fmt.Println("positive:", runtime.GOMAXPROCS(0) > 0, runtime.NumCPU() > 0)
	for _, p := range []int{1, 2, 4} {
		counts := run(p)
		total := 0
		for _, c := range counts {
			total += c
		}
		fmt.Println("GOMAXPROCS", runtime.GOMAXPROCS(0), counts, total)
	}
	prev := runtime.GOMAXPROCS(3)
	fmt.Println("previous setting:", prev, "now:", runtime.GOMAXPROCS(0))
}
