package main

import "fmt"

// From the seed article on goroutine locality: a sender goroutine and a
// receiver on the main goroutine talking over an unbuffered channel.

func sender(ch chan int) {
	for i := 0; i < 10; i++ {
		ch <- i
	}
	close(ch)
}

func reciever(ch chan int) {
	for {
		msg, ok := <-ch
		if !ok {
			break
		}
		process(msg)
	}
}

func process(msg int) {
	fmt.Println("Reciedved:", msg)
}

func main() {
	ch := make(chan int)
	go sender(ch)
	reciever(ch)
	fmt.Println("channel closed, receiver done")
}
