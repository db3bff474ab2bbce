package main

import "fmt"

// The receiver blocks forever when nobody sends: with every goroutine asleep
// the runtime reports a deadlock (exit status 2).

func main() {
	ch := make(chan int)
	buffered := make(chan int, 1)
	buffered <- 1
	fmt.Println("buffered receive works:", <-buffered)
	fmt.Println("waiting for a value that never comes")
	v := <-ch
	fmt.Println("unreachable", v)
}
