// Interface method calls: 300 values of three dynamic types (pointer and
// value receivers) behind one interface, each asked two methods per round
// at two call sites, one that sees all three types and one that sees only
// *Rect (10,000 rounds, 7M interface calls; CallIface's method lookup
// and frame setup).
package main

import "fmt"

type Shape interface {
	Area() int
	Grow(d int) int
}

type Rect struct{ w, h int }

type Square struct{ s int }

type Tri struct{ b, h int }

func (r *Rect) Area() int { return r.w * r.h }

func (r *Rect) Grow(d int) int {
	r.w += d
	return r.w
}

func (s Square) Area() int { return s.s * s.s }

func (s Square) Grow(d int) int { return s.s + d }

func (t *Tri) Area() int { return t.b * t.h / 2 }

func (t *Tri) Grow(d int) int {
	t.h += d
	return t.h
}

func main() {
	const n, rounds = 300, 10000
	shapes := make([]Shape, n)
	rects := make([]Shape, 0, n)
	for i := range shapes {
		switch i % 3 {
		case 0:
			r := &Rect{i%7 + 1, i%5 + 1}
			shapes[i] = r
			rects = append(rects, r)
		case 1:
			shapes[i] = Square{i % 11}
		default:
			shapes[i] = &Tri{i % 13, i%4 + 2}
		}
	}
	area, grown := 0, 0
	for r := 0; r < rounds; r++ {
		for _, s := range shapes {
			area += s.Area()
			grown += s.Grow(r & 1)
		}
		for _, s := range rects {
			area -= s.Area()
		}
	}
	fmt.Println("area", area, "grown", grown)
}
