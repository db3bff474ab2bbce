// Times a generic function called with a concrete type against the same
// function written for that type. minigo instantiates generics per type
// argument list (monomorphization), so the two should run alike.
package main

import (
	"fmt"
	"time"
)

type Number interface{ ~int | ~int64 | ~float64 }

func Sum[T Number](xs []T) T {
	var s T
	for _, x := range xs {
		s += x
	}
	return s
}

func SumInt(xs []int) int {
	var s int
	for _, x := range xs {
		s += x
	}
	return s
}

const rounds = 2000

func main() {
	xs := make([]int, 10000)
	for i := range xs {
		xs[i] = i
	}
	var a, b int
	best := func(f func()) time.Duration {
		min := time.Duration(1 << 62)
		for r := 0; r < 5; r++ {
			t0 := time.Now()
			f()
			if d := time.Since(t0); d < min {
				min = d
			}
		}
		return min
	}
	tg := best(func() {
		for i := 0; i < rounds; i++ {
			a += Sum(xs)
		}
	})
	th := best(func() {
		for i := 0; i < rounds; i++ {
			b += SumInt(xs)
		}
	})
	fmt.Println("checksums equal:", a == b)
	fmt.Printf("generic     Sum[int]: %v\n", tg)
	fmt.Printf("hand-written SumInt: %v\n", th)
	fmt.Printf("generic/hand-written: %.3f\n", float64(tg)/float64(th))
}
