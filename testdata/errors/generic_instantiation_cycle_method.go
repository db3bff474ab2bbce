package main

import "fmt"

// A method of a generic type instantiates its own type with a bigger
// argument.
type Box[P any] struct{ v P }

func (b Box[P]) Wrap() int {
	return Box[[]P]{}.Wrap() + 1
}

func main() {
	fmt.Println(Box[int]{}.Wrap())
}
