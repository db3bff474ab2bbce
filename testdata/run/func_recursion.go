package main

import "fmt"

func fact(n int) int {
	if n <= 1 {
		return 1
	}
	return n * fact(n-1)
}

func fib(n int) int {
	if n < 2 {
		return n
	}
	return fib(n-1) + fib(n-2)
}

func isEven(n int) bool {
	if n == 0 {
		return true
	}
	return isOdd(n - 1)
}

func isOdd(n int) bool {
	if n == 0 {
		return false
	}
	return isEven(n - 1)
}

func hanoi(n int, from, to, via string, moves *int) {
	if n == 0 {
		return
	}
	hanoi(n-1, from, via, to, moves)
	*moves++
	if n == 3 {
		fmt.Println("move disk 3", from, "->", to)
	}
	hanoi(n-1, via, to, from, moves)
}

func ackermann(m, n int) int {
	switch {
	case m == 0:
		return n + 1
	case n == 0:
		return ackermann(m-1, 1)
	}
	return ackermann(m-1, ackermann(m, n-1))
}

func main() {
	for i := 0; i <= 20; i += 5 {
		fmt.Println("fact", i, fact(i))
	}
	for i := 0; i < 15; i++ {
		fmt.Print(fib(i), " ")
	}
	fmt.Println()
	fmt.Println(fib(25))
	fmt.Println(isEven(10), isOdd(7), isEven(7))
	moves := 0
	hanoi(5, "A", "C", "B", &moves)
	fmt.Println("moves", moves)
	fmt.Println(ackermann(2, 3))
	depth := 0
	var deep func(n int) int
	deep = func(n int) int {
		if n == 0 {
			return 0
		}
		depth++
		return 1 + deep(n-1)
	}
	fmt.Println(deep(10000), depth)
}
