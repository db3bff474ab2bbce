package main

import "fmt"

// Pointers to distinct zero-size heap objects are equal in gc: they all
// point at runtime.zerobase. These escape (into sink), so gc puts them on
// the heap.
var sink []any

type E struct{}

type Nested struct {
	a E
	b [0]int
}

func main() {
	p, q := new([0]int), new([0]int)
	sink = append(sink, p, q)
	fmt.Println("new([0]int):", p == q)
	var x, y struct{}
	px, py := &x, &y
	sink = append(sink, px, py)
	fmt.Println("&struct{}:", px == py)
	e1, e2 := &E{}, &E{}
	sink = append(sink, e1, e2)
	fmt.Println("&E{}:", e1 == e2)
	s1 := make([]struct{}, 3)
	s2 := make([]struct{}, 5)
	fmt.Println("elements:", &s1[0] == &s2[1], &s1[0] == &s1[2])
	fmt.Println("len/cap:", len(s1), cap(s2), len(*p))
	var n Nested
	fmt.Println("values equal:", x == y, n == Nested{}, *p == *q)
	m := map[E]int{}
	m[E{}]++
	m[x]++
	fmt.Println("map:", len(m), m[E{}])
	fmt.Printf("%v %+v %v\n", x, n, *p)
}
