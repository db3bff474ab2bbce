package main

import "fmt"

// The fork-join fib from the work-stealing article: every call spawns a
// goroutine and joins on its result channel. The original prints without a
// trailing newline.

func main() {
	var fib func(n int) <-chan int
	fib = func(n int) <-chan int {
		result := make(chan int)
		go func() {
			defer close(result)
			if n <= 2 {
				result <- 1
				return
			}
			result <- <-fib(n-1) + <-fib(n-2)
		}()
		return result
	}

	for n := 1; n <= 12; n++ {
		fmt.Printf("fib(%d) = %d\n", n, <-fib(n))
	}
	fmt.Printf("fib(4) = %d", <-fib(4))
}
