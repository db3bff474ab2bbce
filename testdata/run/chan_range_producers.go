package main

import (
	"fmt"
	"sync"
)

// for range over a channel ends when the channel is closed and drained.
// With several producers, the last one to finish closes it (via WaitGroup).

func gen(n int) <-chan int {
	out := make(chan int)
	go func() {
		defer close(out)
		for i := 0; i < n; i++ {
			out <- i
		}
	}()
	return out
}

func main() {
	for v := range gen(5) {
		fmt.Print(v, " ")
	}
	fmt.Println()

	count := 0
	for range gen(1000) {
		count++
	}
	fmt.Println("counted", count)

	out := make(chan int)
	var wg sync.WaitGroup
	for p := 1; p <= 4; p++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 1; i <= 100; i++ {
				out <- p * i
			}
		}()
	}
	go func() {
		wg.Wait()
		close(out)
	}()
	sum, n := 0, 0
	for v := range out {
		sum += v
		n++
	}
	fmt.Println("received", n, "values, sum", sum)

	empty := make(chan string)
	close(empty)
	for s := range empty {
		fmt.Println("never", s)
	}
	fmt.Println("range over closed empty channel ends at once")
}
