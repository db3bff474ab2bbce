package main

import "fmt"

func divmod(a, b int) (int, int) {
	return a / b, a % b
}

func named(a, b int) (sum, diff int) {
	sum = a + b
	diff = a - b
	return
}

func swap(a, b string) (string, string) { return b, a }

func three() (int, string, bool) { return 1, "two", true }

func pass() (int, int) { return divmod(17, 5) }

func sum2(a, b int) int { return a + b }

func main() {
	q, r := divmod(17, 5)
	fmt.Println(q, r)
	s, d := named(10, 3)
	fmt.Println(s, d)
	x, y := swap("hello", "world")
	fmt.Println(x, y)
	a, b, c := three()
	fmt.Println(a, b, c)
	_, only := divmod(9, 4)
	fmt.Println(only)
	fmt.Println(pass())
	fmt.Println(sum2(divmod(20, 6)))
	var m, n int
	m, n = named(n+5, m+1)
	fmt.Println(m, n)
	fmt.Println(divmod(-7, 2))
}
