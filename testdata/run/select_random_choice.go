package main

import "fmt"

// When several cases are ready, select picks one uniformly at random. Over
// 2000 rounds every ready case is chosen (the chance of missing one is
// astronomically small), and a case that is never ready is never chosen.

func main() {
	a := make(chan int, 1)
	b := make(chan int, 1)
	c := make(chan int, 1)
	never := make(chan int)
	counts := map[string]int{}
	for i := 0; i < 2000; i++ {
		a <- 1
		b <- 2
		c <- 3
		select {
		case <-a:
			counts["a"]++
			<-b
			<-c
		case <-b:
			counts["b"]++
			<-a
			<-c
		case <-c:
			counts["c"]++
			<-a
			<-b
		case <-never:
			counts["never"]++
		}
	}
	fmt.Println("a chosen:", counts["a"] > 100)
	fmt.Println("b chosen:", counts["b"] > 100)
	fmt.Println("c chosen:", counts["c"] > 100)
	fmt.Println("never chosen:", counts["never"])
	fmt.Println("total:", counts["a"]+counts["b"]+counts["c"])

	// Send and receive cases both ready.
	out := make(chan int, 2000)
	in := make(chan int, 2000)
	for i := 0; i < 2000; i++ {
		in <- i
	}
	sends, recvs := 0, 0
	for i := 0; i < 2000; i++ {
		select {
		case out <- i:
			sends++
		case <-in:
			recvs++
		}
	}
	fmt.Println("both kinds chosen:", sends > 100 && recvs > 100, sends+recvs)
}
