package main

import "fmt"

type Shape interface {
	Area() float64
	Perimeter() float64
}

type Square struct{ side float64 }

func (s Square) Area() float64 { return s.side * s.side }

func main() {
	var sh Shape = Square{2}
	fmt.Println(sh.Area())
}
