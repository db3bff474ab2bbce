package main

import (
	"fmt"
	"strings"
)

// Directional channel types: a bidirectional channel converts implicitly to
// chan<- T and <-chan T; %T shows the direction.

func produce(words []string, out chan<- string) {
	for _, w := range words {
		out <- w
	}
	close(out)
}

func upper(in <-chan string, out chan<- string) {
	for w := range in {
		out <- strings.ToUpper(w)
	}
	close(out)
}

func counter() <-chan int {
	c := make(chan int)
	go func() {
		for i := 1; ; i++ {
			c <- i
		}
	}()
	return c
}

func main() {
	raw := make(chan string)
	loud := make(chan string, 2)
	go produce([]string{"go", "is", "fun"}, raw)
	go upper(raw, loud)
	for w := range loud {
		fmt.Println(w)
	}

	var send chan<- int
	var recv <-chan int
	both := make(chan int, 1)
	send, recv = both, both
	send <- 42
	fmt.Println(<-recv)
	fmt.Printf("%T %T %T\n", both, send, recv)
	fmt.Println(send == nil, recv == nil)

	c := counter()
	fmt.Println(<-c, <-c, <-c)

	chans := []chan<- int{make(chan int, 1), make(chan int, 1)}
	for i, ch := range chans {
		ch <- i * 10
	}
	fmt.Println(len(chans[0]), cap(chans[1]))
}
