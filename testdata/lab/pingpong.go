package main

import "fmt"

// The sender/receiver ping-pong of the seed article on Go's scheduler
// (shared/seeds/000): with runnext, each woken receiver runs next and
// inherits the sender's time slice; with GODEBUG=runnextoff=1 it waits
// at the tail of the local queue.
func sender(ch chan int) {
	for i := 0; i < 10; i++ {
		ch <- i
	}
	close(ch)
}

func receiver(ch chan int) {
	for {
		msg, ok := <-ch
		if !ok {
			break
		}
		process(msg)
	}
}

func process(msg int) {
	fmt.Println("Received:", msg)
}

func main() {
	ch := make(chan int)
	go sender(ch)
	receiver(ch)
}
