package main

import "fmt"

// Closing a channel twice panics ("close of closed channel"); the first
// time it is recovered, the second time it ends the program.

func closeTwice(ch chan int) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg = fmt.Sprint("recovered: ", r)
		}
	}()
	close(ch)
	close(ch)
	return "no panic"
}

func main() {
	done := make(chan int, 1)
	done <- 7
	fmt.Println(closeTwice(done))
	v, ok := <-done
	fmt.Println(v, ok)
	v, ok = <-done
	fmt.Println(v, ok)

	quit := make(chan struct{})
	stop := func() {
		fmt.Println("stop called")
		close(quit)
	}
	stop()
	stop()
}
