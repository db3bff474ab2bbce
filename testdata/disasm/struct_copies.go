package main

import "fmt"

type P struct{ X, Y int }

// Dot only reads its receiver and parameter: calls pass the caller's
// boxes (no Copy before `Call main.P.Dot`). Two statements: not inlined.
func (p P) Dot(q P) int {
	s := p.X * q.X
	return s + p.Y*q.Y
}

// Scaled writes its receiver: calls copy it.
func (p P) Scaled(k int) P {
	p.X *= k
	p.Y *= k
	return p
}

// show calls a function: calls copy its argument.
func show(p P) { fmt.Println(p.X) }

func main() {
	ps := make([]P, 3)
	for i := range ps {
		ps[i] = P{X: i} // stored into the element: no Zero, no CopyInto
	}
	sum := 0
	for _, p := range ps { // one box for the loop, copied into
		sum += p.Dot(ps[0])
	}
	var ptrs []*P
	for _, p := range ps { // &p: a fresh copy per iteration
		ptrs = append(ptrs, &p)
	}
	q := ps[1].Scaled(2)
	show(q)
	defer ps[2].Dot(q) // a deferred call copies now
	fmt.Println(sum, len(ptrs))
}
