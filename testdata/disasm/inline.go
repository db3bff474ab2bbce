package main

import "fmt"

type Point struct{ X, Y int }

// Inlined: one return of field reads and arithmetic.
func (p Point) Sum() int { return p.X + p.Y }

// Not inlined: the dereference of p may panic, and its frame must show.
func (p *Point) Norm() int { return p.X - p.Y }

// Not inlined: division by a variable may panic.
func ratio(a, b int) int { return a / b }

func main() {
	p := Point{3, 4}
	fmt.Println(p.Sum(), p.Norm(), ratio(p.X, p.Y))
}
