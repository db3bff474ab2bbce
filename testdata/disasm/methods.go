package main

import "fmt"

type Shape interface{ Area() int }

type Rect struct{ W, H int }

func (r Rect) Area() int { return r.W * r.H }

func (r *Rect) Grow(d int) { r.W += d }

func main() {
	r := Rect{W: 2, H: 3}
	r.Grow(1)
	var s Shape = r
	defer fmt.Println("done")
	fmt.Println(s.Area())
}
