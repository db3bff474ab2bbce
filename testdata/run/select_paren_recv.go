package main

import "fmt"

func main() {
	c := make(chan int, 1)
	done := make(chan struct{})
	c <- 5
	select {
	case x := (<-c):
		fmt.Println("got", x)
	}
	c <- 6
	select {
	case x, ok := ((<-c)):
		fmt.Println("got", x, ok)
	}
	close(c)
	var y int
	var ok bool
	select {
	case y, ok = (<-c):
		fmt.Println("closed", y, ok)
	}
	go func() { done <- struct{}{} }()
	select {
	case (<-done):
		fmt.Println("done")
	}
}
