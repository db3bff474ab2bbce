package main

import (
	"fmt"
	"sort"
	"sync"
	"time"
)

// CPU-bound goroutines (tight loops without function calls) share the
// processors with goroutines that sleep and communicate; every one of them
// finishes, and the sleepers wake even while the spinners hog the CPU.

func main() {
	var wg sync.WaitGroup
	results := make(chan string, 16)
	for i := 1; i <= 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sum := 0
			for k := 0; k < 300000*i; k++ {
				sum += k % 7
			}
			results <- fmt.Sprintf("spinner %d: %d", i, sum)
		}()
	}
	for i := 1; i <= 3; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			time.Sleep(time.Duration(i) * 10 * time.Millisecond)
			results <- fmt.Sprintf("sleeper %d woke", i)
		}()
	}
	ping, pong := make(chan int), make(chan int)
	wg.Add(2)
	go func() {
		defer wg.Done()
		for i := 0; i < 500; i++ {
			ping <- i
			<-pong
		}
		close(ping)
	}()
	go func() {
		defer wg.Done()
		n := 0
		for v := range ping {
			n += v
			pong <- v
		}
		results <- fmt.Sprintf("ping-pong: %d", n)
	}()
	wg.Wait()
	close(results)
	var all []string
	for r := range results {
		all = append(all, r)
	}
	sort.Strings(all)
	for _, r := range all {
		fmt.Println(r)
	}
}
