package main

import (
	"fmt"
	"runtime"
	"sync"
)

func worker(id int, wg *sync.WaitGroup, out chan<- string) {
	defer wg.Done()
	defer func() {
		out <- fmt.Sprint("worker ", id, " deferred, recover() = ", recover())
	}()
	if id == 2 {
		runtime.Goexit()
	}
	out <- fmt.Sprint("worker ", id, " finished")
}

func nested() {
	defer fmt.Println("nested defer 1")
	func() {
		defer fmt.Println("inner defer")
		runtime.Goexit()
		fmt.Println("not reached")
	}()
	fmt.Println("not reached either")
}

func panicInDefer(done chan bool) {
	defer func() { done <- true }()
	defer func() {
		fmt.Println("recovered in outer defer:", recover())
	}()
	defer func() {
		panic("panic while goexiting")
	}()
	runtime.Goexit()
}

func main() {
	var wg sync.WaitGroup
	out := make(chan string, 10)
	for i := 1; i <= 3; i++ {
		wg.Add(1)
		go worker(i, &wg, out)
		wg.Wait()
		fmt.Println(<-out)
		if i != 2 {
			fmt.Println(<-out)
		}
	}
	done := make(chan bool)
	go func() {
		defer close(done)
		nested()
	}()
	<-done
	d2 := make(chan bool)
	go panicInDefer(d2)
	<-d2
	// The sender of d2 may not have finished exiting yet; wait until it has.
	for runtime.NumGoroutine() > 1 {
		runtime.Gosched()
	}
	fmt.Println("goroutines:", runtime.NumGoroutine())
	ch := make(chan bool)
	go func() {
		<-ch
		fmt.Println("still running after main's Goexit")
	}()
	defer close(ch)
	defer fmt.Println("main's deferred call runs")
	runtime.Goexit()
}
