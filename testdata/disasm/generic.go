package main

// One instance per type argument list: Sum[int] compiles exactly like
// SumInt (compare the two listings); main calls the instance directly.

type Number interface{ ~int | ~float64 }

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

func main() {
	xs := []int{1, 2, 3}
	println(Sum(xs), SumInt(xs), Sum([]float64{1.5}))
}
