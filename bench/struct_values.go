// struct_values: struct values passed, ranged over and assigned, the
// patterns where minigo's boxed structs used to allocate per operation
// (issue 33): value receivers that only read, struct parameters, range
// value variables and struct literals assigned into slice elements.
package main

import "fmt"

type Vec struct{ X, Y, Z int }

func (v Vec) Dot(w Vec) int { return v.X*w.X + v.Y*w.Y + v.Z*w.Z }
func (v Vec) Len2() int     { return v.X*v.X + v.Y*v.Y + v.Z*v.Z }

func manhattan(a, b Vec) int {
	d := 0
	if a.X > b.X {
		d += a.X - b.X
	} else {
		d += b.X - a.X
	}
	if a.Y > b.Y {
		d += a.Y - b.Y
	} else {
		d += b.Y - a.Y
	}
	if a.Z > b.Z {
		d += a.Z - b.Z
	} else {
		d += b.Z - a.Z
	}
	return d
}

func main() {
	const n = 200_000
	vs := make([]Vec, n)
	for round := 0; round < 5; round++ {
		for i := range vs {
			vs[i] = Vec{X: i % 97, Y: (i + round) % 89, Z: i % 83}
		}
		dot, l2, dist := 0, 0, 0
		prev := vs[0]
		for _, v := range vs {
			dot += v.Dot(prev)
			l2 += v.Len2()
			dist += manhattan(v, prev)
			prev = v
		}
		fmt.Println(round, dot, l2, dist)
	}
}
