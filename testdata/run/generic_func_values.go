package main

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

type Number interface {
	~int | ~int64 | ~float64
}

func Max[T cmp.Ordered](a, b T) T {
	if a > b {
		return a
	}
	return b
}

func Min[T cmp.Ordered](a, b T) T {
	if a < b {
		return a
	}
	return b
}

func Double[T Number](x T) T { return 2 * x }

func isEven[T ~int | ~int64](x T) bool { return x%2 == 0 }

func Map[T, U any](s []T, f func(T) U) []U {
	out := make([]U, 0, len(s))
	for _, v := range s {
		out = append(out, f(v))
	}
	return out
}

func apply(f func(int, int) int, a, b int) int { return f(a, b) }

func pick(max bool) func(int, int) int {
	if max {
		return Max
	}
	return Min
}

func Pair[K comparable, V any](k K, v V) string { return fmt.Sprint(k, "=", v) }

func Sum[T Number](xs ...T) T {
	var s T
	for _, x := range xs {
		s += x
	}
	return s
}

// Types declared in a generic body are named with its type arguments.
func Local[K comparable, V any](k K, v V) string {
	type entry struct {
		k K
		v V
	}
	type none struct{}
	e := entry{k, v}
	var i interface{} = e
	_, ok := i.(entry)
	return fmt.Sprintf("%v %T %T %v", e, e, none{}, ok)
}

type Stack[T any] struct{ items []T }

func (s *Stack[T]) Push(x T) string {
	type node struct{ v T }
	s.items = append(s.items, x)
	return fmt.Sprintf("%T", node{x})
}

type Reducer struct {
	name string
	f    func(float64, float64) float64
}

type Cmp func(string, string) int

func main() {
	xs := []int{5, 2, 8, 1}
	slices.SortFunc(xs, cmp.Compare)
	fmt.Println(xs)
	ss := []string{"b", "c", "a"}
	slices.SortFunc(ss, strings.Compare)
	fmt.Println(ss)
	slices.SortFunc(ss, cmp.Compare[string])
	fmt.Println(slices.IndexFunc(xs, isEven), slices.ContainsFunc(xs, isEven))

	var f func(int, int) int = Max
	fmt.Println(f(3, 4))
	f = Min
	fmt.Println(f(3, 4))
	fmt.Println(pick(true)(1, 9), pick(false)(1, 9))
	fmt.Println(apply(Max, 7, 3), apply(Min, 7, 3))

	fmt.Println(Map(xs, Double), Map([]float64{1.5}, Double))
	fmt.Println(Map(xs, strconv.Itoa))
	fmt.Println(Map(Map(xs, Double), isEven))

	fs := []func(int, int) int{Max, Min}
	for _, g := range fs {
		fmt.Println(g(10, 20))
	}
	rs := []Reducer{{"max", Max}, {name: "min", f: Min}}
	for _, r := range rs {
		fmt.Println(r.name, r.f(1.5, 2.5))
	}
	m := map[string]func(string, string) string{"max": Max}
	fmt.Println(m["max"]("a", "b"))
	var c Cmp = cmp.Compare
	fmt.Println(c("a", "b"))
	var p func(string, int) string = Pair[string]
	fmt.Println(p("k", 1))
	var s func(...int64) int64 = Sum
	fmt.Println(s(1, 2, 3))
	fmt.Printf("%T\n", fs[0])
	var h, l func(int8, int8) int8 = Max, Min
	fmt.Println(h(1, 2), l(1, 2))

	// Core types complete a partial instantiation: E from S = []int.
	idx := slices.Index[[]int]
	var clone func([]string) []string = slices.Clone
	fmt.Println(idx([]int{4, 5}, 5), clone(ss))

	fmt.Println(Local("a", 1))
	fmt.Println(Local([2]bool{true}, []string{"x"}))
	var st Stack[Cmp]
	fmt.Println(st.Push(strings.Compare))
}
