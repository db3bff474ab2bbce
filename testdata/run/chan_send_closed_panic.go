package main

import (
	"fmt"
	"sync"
)

// A send on a closed channel panics, even after the buffered values are
// drained; recover catches it as a runtime error.

func trySend(ch chan int, v int) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("recovered: %v", r)
		}
	}()
	ch <- v
	return nil
}

func main() {
	ch := make(chan int, 2)
	fmt.Println(trySend(ch, 1))
	close(ch)
	fmt.Println(trySend(ch, 2))
	fmt.Println(<-ch)
	v, ok := <-ch
	fmt.Println(v, ok)

	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer func() {
			r := recover()
			err, isErr := r.(error)
			fmt.Println("goroutine recovered:", r, isErr, err != nil)
		}()
		ch <- 3
	}()
	wg.Wait()

	fmt.Println("now unrecovered")
	ch <- 4
	fmt.Println("unreachable")
}
