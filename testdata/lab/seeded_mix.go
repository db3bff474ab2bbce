package main

import (
	"fmt"
	"sync"
	"time"
)

// Everything a seed decides: which goroutine runs when, select among
// ready cases, map order, and (virtual) time.
func main() {
	var mu sync.Mutex
	var order []int
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func(id int) {
			defer wg.Done()
			for j := 0; j < 3; j++ {
				mu.Lock()
				order = append(order, id)
				mu.Unlock()
			}
		}(i)
	}
	wg.Wait()
	fmt.Println("order:", order)

	a, b := make(chan int, 10), make(chan int, 10)
	for i := 0; i < 10; i++ {
		a <- 1
		b <- 2
	}
	picks := ""
	for i := 0; i < 10; i++ {
		select {
		case <-a:
			picks += "a"
		case <-b:
			picks += "b"
		}
	}
	fmt.Println("select:", picks)

	m := map[int]bool{1: true, 2: true, 3: true, 4: true, 5: true}
	keys := ""
	for k := range m {
		keys += fmt.Sprint(k)
	}
	fmt.Println("map:", keys)

	start := time.Now()
	time.Sleep(2 * time.Hour)
	fmt.Println("slept:", time.Since(start), start.Unix())
}
