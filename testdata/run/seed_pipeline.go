package main

import "fmt"

// A generator -> square -> sum pipeline of goroutines connected by channels.

func gen(nums ...int) <-chan int {
	out := make(chan int)
	go func() {
		for _, n := range nums {
			out <- n
		}
		close(out)
	}()
	return out
}

func sq(in <-chan int) <-chan int {
	out := make(chan int, 2)
	go func() {
		defer close(out)
		for n := range in {
			out <- n * n
		}
	}()
	return out
}

func main() {
	for v := range sq(gen(1, 2, 3, 4, 5)) {
		fmt.Println("squared:", v)
	}
	total := 0
	for v := range sq(sq(gen(1, 2, 3))) {
		total += v
	}
	fmt.Println("sum of fourth powers:", total)
	buffered := make(chan string, 3)
	buffered <- "a"
	buffered <- "b"
	fmt.Println(len(buffered), cap(buffered))
	close(buffered)
	for s := range buffered {
		fmt.Println("drained", s)
	}
}
