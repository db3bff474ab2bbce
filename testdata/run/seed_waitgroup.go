package main

import (
	"fmt"
	"sync"
)

// The WaitGroup example from the scheduler article: main spawns 10
// goroutines and waits for all of them. Each goroutine records its work in
// its own slot so the output does not depend on scheduling order.

var results [10]int

func doSomething(i int) {
	sum := 0
	for k := 0; k <= i*1000; k++ {
		sum += k
	}
	results[i] = sum
}

func main() {
	var wg sync.WaitGroup
	wg.Add(10)
	for i := 0; i < 10; i++ {
		go func() {
			defer wg.Done()
			doSomething(i)
		}()
	}
	wg.Wait()
	for i, r := range results {
		fmt.Printf("goroutine %d computed %d\n", i, r)
	}
	fmt.Println("all 10 goroutines done")
}
