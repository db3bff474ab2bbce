package main

import "fmt"

// The sequential core of the work-stealing example: fib(4) computed by
// recursion, showing the same call tree the article walks through
// (fib(4) -> fib(3), fib(2); fib(3) -> fib(2), fib(1)).

var depth int

func fib(n int) int {
	indent := ""
	for i := 0; i < depth; i++ {
		indent += "  "
	}
	fmt.Printf("%sfib(%d)\n", indent, n)
	if n <= 2 {
		return 1
	}
	depth++
	r := fib(n-1) + fib(n-2)
	depth--
	return r
}

func main() {
	fmt.Printf("fib(4) = %d\n", fib(4))
	memo := map[int]int{}
	var mfib func(int) int
	mfib = func(n int) int {
		if n <= 2 {
			return 1
		}
		if v, ok := memo[n]; ok {
			return v
		}
		memo[n] = mfib(n-1) + mfib(n-2)
		return memo[n]
	}
	for _, n := range []int{10, 20, 50, 90} {
		fmt.Printf("fib(%d) = %d\n", n, mfib(n))
	}
}
