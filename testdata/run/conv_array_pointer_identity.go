package main

import "fmt"

// A pointer to an array made twice from the same slice is the same
// pointer: ==, interfaces, struct and array fields, and map keys agree,
// for small and large arrays alike.

type pair struct{ a, b *[150]int }

func main() {
	s := make([]int, 200)
	p := (*[3]int)(s)
	q := (*[3]int)(s[0:3])
	r := (*[150]int)(s)
	t := (*[150]int)(s[:150])
	var n *[150]int
	fmt.Println(p == q, r == t, &s[0] == &p[0], &r[1] == &t[1], r == n, n == nil, r != t)

	var i1, i2 any = r, t
	fmt.Println(i1 == i2, i1 == any(p))
	w := (*[150]int)(s[1:151])
	fmt.Println(w == r, w != r)
	fmt.Println(pair{r, w} == pair{t, w}, [2]*[150]int{r, w} == [2]*[150]int{t, r})

	m := map[*[150]int]int{r: 1}
	m[t] += 5
	m[w] = 7
	fmt.Println(len(m), m[r], m[w])
	mi := map[any]int{r: 1}
	mi[t] += 5
	fmt.Println(len(mi), mi[r])
	ms := map[*[3]int]string{p: "p"}
	fmt.Println(ms[q], len(ms))

	var a [150]int
	x, y := &a, &a
	z := (*[150]int)(a[:])
	fmt.Println(x == y, x == z)
	t[0] = 42
	fmt.Println(r[0], s[0], a[0])
}
