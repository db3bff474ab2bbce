package main

import "fmt"

func First[T any](xs ...T) T { return xs[0] }

func Pick[T any](a, b T, first bool) T {
	if first {
		return a
	}
	return b
}

func Elem[S ~[]E, E any](s S, i int) E { return s[i] }

func KeysOf[M ~map[K]V, K comparable, V any](m M) []K {
	var out []K
	for k := range m {
		out = append(out, k)
	}
	return out
}

func Apply[T, U any](x T, f func(T) U) U { return f(x) }

func Ptr[T any](v T) *T { return &v }

type Ints []int
type Dict map[string]int

func Show[T any](v T) string { return fmt.Sprintf("%T(%v)", v, v) }

func main() {
	fmt.Println(Show(First(1, 2, 3)))
	fmt.Println(Show(First(1.5, 2)))
	fmt.Println(Show(First('a', 'b')))
	fmt.Println(Show(Pick(1, 2.5, false)))
	fmt.Println(Show(Pick("x", "y", true)))
	fmt.Println(Show(Elem(Ints{4, 5, 6}, 1)))
	fmt.Println(Show(Elem([]string{"a"}, 0)))
	fmt.Println(KeysOf(Dict{"only": 1}))
	fmt.Println(Show(Apply(3, func(i int) string { return fmt.Sprint(i) })))
	p := Ptr(42)
	*p++
	fmt.Println(Show(*p))
	xs := []int{7, 8}
	fmt.Println(First(xs...))
	var n int64 = 5
	fmt.Println(Show(Pick(n, 6, false)))
}
