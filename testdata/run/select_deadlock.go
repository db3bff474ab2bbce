package main

import "fmt"

// A select whose cases can never proceed (nobody sends, the buffer is full,
// the third channel is nil) deadlocks with wait reason "select".

func main() {
	in := make(chan int)
	full := make(chan int, 1)
	full <- 1
	var off chan string
	fmt.Println("len(full) =", len(full), "off is nil:", off == nil)
	select {
	case v := <-in:
		fmt.Println("received", v)
	case full <- 2:
		fmt.Println("sent")
	case s := <-off:
		fmt.Println("nil channel?!", s)
	}
	fmt.Println("unreachable")
}
