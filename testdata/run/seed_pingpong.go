package main

import "fmt"

// Two goroutines handing a ball back and forth over unbuffered channels: the
// G blocked on receive is woken by the sender (the runnext handoff the
// articles describe).

type Ball struct{ hits int }

func player(name string, in <-chan *Ball, out chan<- *Ball, done chan<- string) {
	for b := range in {
		b.hits++
		fmt.Println(name, "hit", b.hits)
		if b.hits >= 8 {
			done <- name
			return
		}
		out <- b
	}
}

func main() {
	ping, pong := make(chan *Ball), make(chan *Ball)
	done := make(chan string)
	go player("ping", ping, pong, done)
	go player("pong", pong, ping, done)
	ping <- &Ball{}
	winner := <-done
	fmt.Println("last hit by", winner)
}
