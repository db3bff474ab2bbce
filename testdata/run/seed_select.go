package main

import "fmt"

// select with send, receive, comma-ok receive and default, in ways that do
// not depend on timing.

func main() {
	ch := make(chan int, 1)
	select {
	case v := <-ch:
		fmt.Println("unexpected", v)
	default:
		fmt.Println("nothing ready: default")
	}
	select {
	case ch <- 42:
		fmt.Println("sent 42 into buffer")
	default:
		fmt.Println("buffer full")
	}
	select {
	case ch <- 43:
		fmt.Println("unexpected send")
	default:
		fmt.Println("buffer full: default")
	}
	select {
	case v, ok := <-ch:
		fmt.Println("received", v, ok)
	}
	close(ch)
	select {
	case v, ok := <-ch:
		fmt.Println("closed channel gives", v, ok)
	}
	var nilCh chan int
	select {
	case <-nilCh:
		fmt.Println("never: nil channel blocks forever")
	default:
		fmt.Println("nil channel never ready")
	}
	results := make(chan string)
	quit := make(chan bool)
	go func() {
		for i := 0; i < 3; i++ {
			results <- fmt.Sprint("job ", i)
		}
		quit <- true
	}()
	for running := true; running; {
		select {
		case r := <-results:
			fmt.Println(r)
		case <-quit:
			fmt.Println("quit")
			running = false
		}
	}
}
