package main

import "fmt"

// Stress: the classic "whispers" daisy chain. 100000 goroutines are linked
// by unbuffered channels; each adds one to what it receives from its right
// neighbour and passes it left.

func whisper(left chan<- int, right <-chan int) {
	left <- 1 + <-right
}

func main() {
	const n = 100000
	leftmost := make(chan int)
	left := leftmost
	for i := 0; i < n; i++ {
		right := make(chan int)
		go whisper(left, right)
		left = right
	}
	go func(c chan<- int) { c <- 1 }(left)
	fmt.Println("value after", n, "goroutines:", <-leftmost)

	// Do it again, with buffered links, to check the chain is reusable.
	first := make(chan int, 1)
	cur := first
	for i := 0; i < 1000; i++ {
		next := make(chan int, 1)
		go whisper(cur, next)
		cur = next
	}
	cur <- 0
	fmt.Println("buffered chain of 1000:", <-first)
}
