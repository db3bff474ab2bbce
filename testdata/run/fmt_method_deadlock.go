package main

// A String method that waits forever parks its goroutine like any other
// receive: with nothing left to run, Go reports the deadlock.

import "fmt"

type never struct{ ch chan string }

func (n never) String() string { return <-n.ch }

func main() {
	fmt.Println("before")
	fmt.Println(never{make(chan string)})
	fmt.Println("not reached")
}
