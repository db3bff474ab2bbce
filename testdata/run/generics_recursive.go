package main

import "fmt"

type List[T any] struct {
	next *List[T]
	val  T
}

func (l *List[T]) Push(v T) *List[T] { return &List[T]{next: l, val: v} }

func (l *List[T]) Each(f func(T)) {
	for ; l != nil; l = l.next {
		f(l.val)
	}
}

type Tree[T interface{ ~int | ~string }] struct {
	Left, Right *Tree[T]
	Val         T
}

func (t *Tree[T]) Insert(v T) *Tree[T] {
	if t == nil {
		return &Tree[T]{Val: v}
	}
	if v < t.Val {
		t.Left = t.Left.Insert(v)
	} else {
		t.Right = t.Right.Insert(v)
	}
	return t
}

func (t *Tree[T]) Walk(out []T) []T {
	if t == nil {
		return out
	}
	out = t.Left.Walk(out)
	out = append(out, t.Val)
	return t.Right.Walk(out)
}

type Graph[N comparable] struct {
	edges map[N][]N
}

func (g *Graph[N]) Reach(from N, seen map[N]bool) {
	if seen[from] {
		return
	}
	seen[from] = true
	for _, n := range g.edges[from] {
		g.Reach(n, seen)
	}
}

func Len[T any](l *List[T]) int {
	if l == nil {
		return 0
	}
	return 1 + Len(l.next)
}

func main() {
	var l *List[string]
	l = l.Push("a").Push("b").Push("c")
	l.Each(func(s string) { fmt.Print(s, " ") })
	fmt.Println(Len(l))
	var t *Tree[int]
	for _, v := range []int{5, 2, 8, 1, 9} {
		t = t.Insert(v)
	}
	fmt.Println(t.Walk(nil))
	var ts *Tree[string]
	ts = ts.Insert("m").Insert("a").Insert("z")
	fmt.Println(ts.Walk(nil))
	g := &Graph[string]{edges: map[string][]string{"a": {"b"}, "b": {"c", "a"}}}
	seen := map[string]bool{}
	g.Reach("a", seen)
	fmt.Println(len(seen), seen["c"])
}
