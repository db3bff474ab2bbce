package main

import (
	"fmt"
	"math"
)

type Shape interface {
	Area() float64
	Perimeter() float64
}

type Rect struct{ W, H float64 }
type Circle struct{ R float64 }

func (r Rect) Area() float64       { return r.W * r.H }
func (r Rect) Perimeter() float64  { return 2 * (r.W + r.H) }
func (c *Circle) Area() float64     { return math.Pi * c.R * c.R }
func (c *Circle) Perimeter() float64 { return 2 * math.Pi * c.R }

func describe(s Shape) string {
	return fmt.Sprintf("%T area=%.3f perim=%.3f", s, s.Area(), s.Perimeter())
}

func main() {
	shapes := []Shape{Rect{3, 4}, &Circle{1}, &Rect{1, 1}}
	total := 0.0
	for _, s := range shapes {
		fmt.Println(describe(s))
		total += s.Area()
	}
	fmt.Printf("total %.4f\n", total)
	var s Shape
	fmt.Println(s == nil)
	s = Rect{2, 2}
	fmt.Println(s != nil, s)
	r, ok := s.(Rect)
	fmt.Println(r, ok)
	c, ok := s.(*Circle)
	fmt.Println(c, ok)
	var empty interface{} = 42
	n, ok := empty.(int)
	fmt.Println(n, ok)
	str, ok := empty.(string)
	fmt.Printf("%q %v\n", str, ok)
	fmt.Println(Shape(Rect{1, 2}) == Shape(Rect{1, 2}))
}
