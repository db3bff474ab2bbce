package main

// Generic type aliases (Go 1.24): an instance stands for the right-hand
// side with the arguments substituted, for identity, inference, methods
// and printing.

import (
	"fmt"
	"sort"
	"strings"
)

type Pair[K comparable, V any] struct {
	Key K
	Val V
}

func (p Pair[K, V]) String() string { return fmt.Sprint(p.Key, "=", p.Val) }

type Named[V any] = Pair[string, V]
type Set[T comparable] = map[T]struct{}
type List[T any] = []T
type Fn[A, B any] = func(A) B
type PtrTo[T any] = *T
type Grid[T any] = [2][2]T
type Nested[T any] = List[List[T]]

func keys[T comparable](s Set[T]) []T {
	var out []T
	for k := range s {
		out = append(out, k)
	}
	return out
}

func mapList[A, B any](xs List[A], f Fn[A, B]) List[B] {
	out := make(List[B], 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

func main() {
	n := Named[int]{Key: "k", Val: 5}
	var p Pair[string, int] = n
	fmt.Printf("%v %+v %T %v\n", n, p, n, p == n)

	s := Set[string]{"b": {}, "a": {}}
	s["c"] = struct{}{}
	ks := keys(s)
	sort.Strings(ks)
	fmt.Println(ks, len(s))

	words := mapList(List[string]{"go", "alias"}, strings.ToUpper)
	fmt.Printf("%v %T\n", words, words)
	lens := mapList(words, func(w string) int { return len(w) })
	fmt.Println(lens)

	x := 7
	var ptr PtrTo[int] = &x
	*ptr++
	fmt.Println(x, *ptr)

	var g Grid[string]
	g[1][0] = "z"
	h := g
	h[0][0] = "a"
	fmt.Printf("%q %q %T\n", g, h, g)

	nest := Nested[int]{{1, 2}, {3}}
	nest[1] = append(nest[1], 4)
	fmt.Println(nest, len(nest[1]))

	var any1 any = Named[float64]{Key: "pi", Val: 3.14}
	if q, ok := any1.(Pair[string, float64]); ok {
		fmt.Println("same type:", q)
	}
	m := map[Named[int]]bool{n: true}
	fmt.Println(m[Pair[string, int]{"k", 5}])
}
