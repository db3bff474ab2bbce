package main

import "fmt"

type Pair[K comparable, V any] struct {
	Key K
	Val V
}

func (p Pair[K, V]) String() string { return fmt.Sprintf("%v=%v", p.Key, p.Val) }

func (p *Pair[K, V]) SetVal(v V) { p.Val = v }

func MakePair[K comparable, V any](k K, v V) Pair[K, V] { return Pair[K, V]{k, v} }

type Stack[T any] struct {
	items []T
}

func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }

func (s *Stack[T]) Pop() (T, bool) {
	var zero T
	if len(s.items) == 0 {
		return zero, false
	}
	v := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return v, true
}

func (s Stack[T]) Len() int { return len(s.items) }

// A generic type used inside another generic type, and embedding.
type Named[T any] struct {
	Stack[T]
	Name string
	last Pair[string, T]
}

type Cache[K comparable, V any] struct {
	m map[K]V
}

func NewCache[K comparable, V any]() *Cache[K, V] {
	return &Cache[K, V]{m: make(map[K]V)}
}

func (c *Cache[K, V]) Get(k K) (V, bool) {
	v, ok := c.m[k]
	return v, ok
}

func (c *Cache[K, V]) Put(k K, v V) { c.m[k] = v }

type Lener interface{ Len() int }

func main() {
	p := MakePair("a", 1)
	p.SetVal(42)
	fmt.Println(p, p.Key, p.Val)
	var s Stack[string]
	s.Push("x")
	s.Push("y")
	v, ok := s.Pop()
	fmt.Println(v, ok, s.Len())
	v, ok = s.Pop()
	v2, ok2 := s.Pop()
	fmt.Println(v, ok, v2 == "", ok2)
	n := Named[int]{Name: "n"}
	n.Push(7)
	n.last = Pair[string, int]{"k", 9}
	fmt.Println(n.Len(), n.Name, n.last)
	var l Lener = n
	fmt.Println(l.Len())
	c := NewCache[string, []int]()
	c.Put("a", []int{1, 2})
	got, ok := c.Get("a")
	_, miss := c.Get("b")
	fmt.Println(got, ok, miss)
	ps := []Pair[int, bool]{{1, true}, {2, false}}
	fmt.Println(ps, len(ps))
	m := map[Pair[int, int]]string{{1, 2}: "a"}
	fmt.Println(m[Pair[int, int]{1, 2}])
}
