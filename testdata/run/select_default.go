package main

import "fmt"

// select with a default case never blocks: non-blocking sends and receives.

func trySend(ch chan int, v int) bool {
	select {
	case ch <- v:
		return true
	default:
		return false
	}
}

func tryRecv(ch chan int) (int, bool) {
	select {
	case v := <-ch:
		return v, true
	default:
		return -1, false
	}
}

func main() {
	ch := make(chan int, 2)
	for i := 1; i <= 4; i++ {
		fmt.Println("send", i, trySend(ch, i))
	}
	for i := 0; i < 3; i++ {
		v, ok := tryRecv(ch)
		fmt.Println("recv", v, ok)
	}

	unbuf := make(chan int)
	fmt.Println("unbuffered send without receiver:", trySend(unbuf, 1))
	v, ok := tryRecv(unbuf)
	fmt.Println("unbuffered recv without sender:", v, ok)

	var nilch chan int
	fmt.Println("nil channel send:", trySend(nilch, 1))

	closed := make(chan int)
	close(closed)
	select {
	case v, ok := <-closed:
		fmt.Println("closed channel is ready:", v, ok)
	default:
		fmt.Println("default")
	}

	// Polling loop: drain what is there, then stop.
	jobs := make(chan string, 5)
	for _, j := range []string{"a", "b", "c"} {
		jobs <- j
	}
	polls := 0
	for done := false; !done; polls++ {
		select {
		case j := <-jobs:
			fmt.Println("job", j)
		default:
			done = true
		}
	}
	fmt.Println("polls:", polls)
	select {
	default:
		fmt.Println("only a default")
	}
}
