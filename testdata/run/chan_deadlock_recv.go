package main

import "fmt"

// Two goroutines each wait for the other: main receives on a channel only
// the worker sends on, and the worker first waits for a go-ahead that main
// never gives. Go reports main as "chan receive".

func main() {
	goAhead := make(chan bool)
	result := make(chan int)
	go func() {
		<-goAhead
		result <- 42
	}()
	buffered := make(chan int, 3)
	for i := 1; i <= 3; i++ {
		buffered <- i * i
	}
	close(buffered)
	for v := range buffered {
		fmt.Println("buffered", v)
	}
	fmt.Println("waiting for the result")
	fmt.Println(<-result)
}
