package main

import "fmt"

type P struct{ x, y int }

func trace(s string, v int) int { fmt.Println("eval", s); return v }

func main() {
	// Assignment's two phases: index operands first, then assignments.
	x := []int{10, 20, 30}
	i := 0
	i, x[i] = 1, 2
	fmt.Println(i, x)

	x = []int{10, 20, 30}
	i = 1
	x[i], i = 5, 2
	fmt.Println(i, x)

	// Range assigning to an index expression.
	y := []int{10, 20}
	j := 1
	for j, y[j] = range []int{99} {
	}
	fmt.Println(j, y)

	k := 0
	z := []int{0, 0, 0}
	for k, z[k] = range []int{7, 8, 9} {
	}
	fmt.Println(k, z)

	m := map[string]int{}
	key := "a"
	for key, m[key] = range map[string]int{"b": 2} {
	}
	fmt.Println(key, m)

	// Pointer indirection on the left.
	a, b := 1, 2
	p := &a
	p, *p = &b, 3
	fmt.Println(a, b, *p)

	// Swaps through fields and elements.
	s := P{1, 2}
	s.x, s.y = s.y, s.x
	arr := [3]int{1, 2, 3}
	arr[0], arr[2] = arr[2], arr[0]
	fmt.Println(s, arr)

	// Op-assignment evaluates the index once.
	w := []int{1, 2, 3}
	w[trace("idx", 1)] += trace("rhs", 10)
	fmt.Println(w)

	// Calls in operands, left to right.
	fmt.Println(trace("a", 1)+trace("b", 2), trace("c", 3))
	q := []int{trace("e0", 0), trace("e1", 1)}
	mm := map[int]int{trace("k", 1): trace("v", 2)}
	fmt.Println(q, mm)
}
