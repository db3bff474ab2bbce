package main

import "fmt"

type N struct{ X any }

type P struct {
	A [2]any
	B string
}

func main() {
	// Values nested 40,000 deep through interfaces.
	var a, b, c any = 1, 1, 2
	for i := 0; i < 40000; i++ {
		a, b, c = N{a}, N{b}, N{c}
	}
	fmt.Println("a == b:", a == b)
	fmt.Println("a == c:", a == c)
	fmt.Println("a != c:", a != c)

	// As map keys: hashing walks the whole value.
	m := map[any]int{a: 1}
	m[b]++
	m[c] = 5
	fmt.Println("len", len(m), m[a], m[b], m[c])

	// Arrays and structs holding the deep values.
	p := P{[2]any{a, c}, "x"}
	q := P{[2]any{b, c}, "x"}
	r := P{[2]any{c, a}, "x"}
	fmt.Println("p == q:", p == q, "p == r:", p == r)
	keys := map[P]string{p: "p", r: "r"}
	fmt.Println(keys[q], keys[r], len(keys))

	// Copies of deep values stay equal and independent.
	arr := [3]any{a, b, c}
	cp := arr
	cp[2] = a
	fmt.Println(arr == cp, arr[0] == cp[2], cp[2] == b)

	// An uncomparable value at the bottom panics only when reached.
	var d, e any = []int{1}, []int{1}
	for i := 0; i < 30000; i++ {
		d, e = N{d}, N{e}
	}
	defer func() { fmt.Println("recovered:", recover()) }()
	fmt.Println(d == e)
}
