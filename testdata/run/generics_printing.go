package main

import "fmt"

type Pair[K comparable, V any] struct {
	K K
	V V
}

type Box[T any] struct{ v T }

type Point struct{ X, Y int }

type ID[T any] int

func main() {
	fmt.Printf("%T\n", Pair[string, int]{})
	fmt.Printf("%T\n", &Pair[string, int]{})
	fmt.Printf("%T\n", Box[Point]{})
	fmt.Printf("%T\n", Box[[]map[string]*Point]{})
	fmt.Printf("%T\n", Box[Box[int]]{})
	fmt.Printf("%T\n", []Box[float64]{})
	fmt.Printf("%T\n", ID[string](3))
	fmt.Printf("%v %+v\n", Pair[string, int]{"a", 1}, Pair[string, int]{"a", 1})
	fmt.Printf("%v %+v\n", Box[Point]{Point{1, 2}}, &Box[Point]{Point{1, 2}})
	var x any = Box[int]{3}
	_, ok := x.(Box[int])
	_, bad := x.(Box[int64])
	fmt.Println(ok, bad)
	fmt.Println(Pair[int, int]{1, 2} == Pair[int, int]{1, 2})
}
