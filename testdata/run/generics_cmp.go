package main

import (
	"cmp"
	"fmt"
	"math"
)

type Celsius float64

func Max[T cmp.Ordered](xs ...T) T {
	m := xs[0]
	for _, x := range xs[1:] {
		if cmp.Less(m, x) {
			m = x
		}
	}
	return m
}

func main() {
	fmt.Println(cmp.Compare(1, 2), cmp.Compare("b", "a"), cmp.Compare(2.5, 2.5))
	fmt.Println(cmp.Less(1, 2), cmp.Less("b", "a"))
	nan := math.NaN()
	fmt.Println(cmp.Compare(nan, 1.0), cmp.Compare(1.0, nan), cmp.Compare(nan, nan), cmp.Less(nan, 0))
	fmt.Println(Max(3, 9, 4), Max("x", "ab"), Max(Celsius(1.5), Celsius(-2)))
	fmt.Println(cmp.Or("", "first", "second"), cmp.Or(0, 0), cmp.Or[int]())
	fmt.Printf("%T\n", cmp.Compare[uint8])
}
