package main

import "fmt"

// A tree of goroutines: each splits its range in two, runs one half in a
// new goroutine and the other itself, and combines the results through a
// channel. Every goroutine's result is fully determined by its range.

func sum(xs []int, depth int, out chan<- int) {
	if depth == 0 || len(xs) < 2 {
		s := 0
		for _, x := range xs {
			s += x
		}
		out <- s
		return
	}
	mid := len(xs) / 2
	left := make(chan int)
	right := make(chan int)
	go sum(xs[:mid], depth-1, left)
	go sum(xs[mid:], depth-1, right)
	out <- <-left + <-right
}

func fib(n int) int {
	if n < 2 {
		return n
	}
	if n < 12 {
		return fib(n-1) + fib(n-2)
	}
	c := make(chan int, 2)
	go func() { c <- fib(n - 1) }()
	go func() { c <- fib(n - 2) }()
	return <-c + <-c
}

func main() {
	xs := make([]int, 100000)
	for i := range xs {
		xs[i] = i % 1000
	}
	for _, depth := range []int{0, 1, 4, 10} {
		out := make(chan int)
		go sum(xs, depth, out)
		fmt.Printf("depth %2d: sum = %d\n", depth, <-out)
	}
	for n := 10; n <= 20; n += 5 {
		fmt.Printf("fib(%d) = %d\n", n, fib(n))
	}
}
