package main

import "fmt"

// An unbuffered channel is a rendezvous: each send waits for its receive,
// so two goroutines passing a ball alternate strictly.

type ball struct {
	hits  int
	trail []string
}

func player(name string, in <-chan *ball, out chan<- *ball, done chan<- string) {
	for b := range in {
		b.hits++
		if len(b.trail) < 8 {
			b.trail = append(b.trail, name)
		}
		if b.hits == 1000 {
			done <- name
			return
		}
		out <- b
	}
}

func main() {
	ping := make(chan *ball)
	pong := make(chan *ball)
	done := make(chan string)
	go player("ping", ping, pong, done)
	go player("pong", pong, ping, done)
	b := &ball{}
	ping <- b
	last := <-done
	fmt.Println("hits:", b.hits, "last hit by", last)
	fmt.Println("trail:", b.trail)

	// Strict alternation of two goroutines printing in turn.
	turnA := make(chan bool)
	turnB := make(chan bool)
	finished := make(chan bool)
	go func() {
		for i := 0; i < 3; i++ {
			<-turnA
			fmt.Println("A", i)
			turnB <- true
		}
	}()
	go func() {
		for i := 0; i < 3; i++ {
			<-turnB
			fmt.Println("B", i)
			if i < 2 {
				turnA <- true
			}
		}
		finished <- true
	}()
	turnA <- true
	<-finished
}
