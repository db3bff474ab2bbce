package main

import "fmt"

func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

func Filter[T any](xs []T, keep func(T) bool) []T {
	var out []T
	for _, x := range xs {
		if keep(x) {
			out = append(out, x)
		}
	}
	return out
}

func Reduce[T, A any](xs []T, init A, f func(A, T) A) A {
	acc := init
	for _, x := range xs {
		acc = f(acc, x)
	}
	return acc
}

// Calls between generic functions.
func SumLen[T any](xss [][]T) int {
	lens := Map(xss, func(xs []T) int { return len(xs) })
	return Reduce(lens, 0, func(a, b int) int { return a + b })
}

func Zero[T any]() T {
	var z T
	return z
}

func Swap[T any](a, b *T) {
	*a, *b = *b, *a
}

func Keys[K comparable, V any](m map[K]V) int {
	n := 0
	for range m {
		n++
	}
	return n
}

func main() {
	xs := []int{1, 2, 3, 4, 5}
	fmt.Println(Map(xs, func(i int) string { return fmt.Sprint("#", i) }))
	fmt.Println(Filter(xs, func(i int) bool { return i%2 == 1 }))
	fmt.Println(Reduce(xs, "", func(a string, i int) string { return a + fmt.Sprint(i) }))
	fmt.Println(SumLen([][]string{{"a"}, {"b", "c"}, {}}))
	fmt.Println(Zero[int](), Zero[string]() == "", Zero[*int](), Zero[[]int]() == nil)
	a, b := "x", "y"
	Swap(&a, &b)
	fmt.Println(a, b)
	fmt.Println(Keys(map[string]bool{"a": true, "b": false}))
	f := Map[int, int]
	fmt.Println(f([]int{1, 2}, func(i int) int { return i * i }))
	g := Zero[float64]
	fmt.Println(g())
}
