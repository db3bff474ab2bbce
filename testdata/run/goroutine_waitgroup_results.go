package main

import (
	"fmt"
	"sync"
)

// Each goroutine writes only its own slot of a shared slice, so no lock is
// needed; WaitGroup.Wait makes all the writes visible to main.

func collatzSteps(n int) int {
	steps := 0
	for n != 1 {
		if n%2 == 0 {
			n /= 2
		} else {
			n = 3*n + 1
		}
		steps++
	}
	return steps
}

func main() {
	const n = 40
	steps := make([]int, n)
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			steps[i] = collatzSteps(i + 1)
		}()
	}
	wg.Wait()
	total, best := 0, 0
	for i, s := range steps {
		total += s
		if s > steps[best] {
			best = i
		}
		if i < 10 {
			fmt.Printf("collatz(%d) = %d steps\n", i+1, s)
		}
	}
	fmt.Println("total steps:", total)
	fmt.Println("longest:", best+1, "with", steps[best], "steps")

	// A WaitGroup can be reused once Wait has returned.
	var sum [4]int
	for round := 1; round <= 3; round++ {
		for g := 0; g < 4; g++ {
			wg.Add(1)
			go func(g int) {
				defer wg.Done()
				sum[g] += round * (g + 1)
			}(g)
		}
		wg.Wait()
		fmt.Println("after round", round, sum)
	}
}
