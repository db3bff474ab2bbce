package main

// Methods promoted from an embedded instance of a generic type, when the
// embedding type is declared (and instantiated) before the generic
// type's methods in the same package.

import (
	"fmt"
	"reflect"
)

type Counter struct {
	Stack[string]
	hits int
}

type Named[T any] struct {
	*Stack[T]
	Base[int]
	name string
}

type Base[T any] struct{ v T }

func (b Base[T]) Get() T { return b.v }

func (b *Base[T]) Set(v T) { b.v = v }

type Stack[T any] struct{ items []T }

func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }

func (s *Stack[T]) Pop() T {
	v := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return v
}

func (s Stack[T]) Len() int { return len(s.items) }

type Lener interface{ Len() int }

type Outer[T any] struct {
	Inner[int]
}

type Inner[T any] struct{}

func (Inner[T]) Kind() string {
	return reflect.TypeOf(new(T)).Elem().Kind().String()
}

func main() {
	var c Counter
	c.Push("a")
	c.Push("b")
	fmt.Println(c.Len(), c.Pop(), c.Len())
	var l Lener = c
	fmt.Println(l.Len())

	n := Named[float64]{Stack: &Stack[float64]{}, name: "n"}
	n.Push(1.5)
	n.Set(7)
	fmt.Println(n.Len(), n.Get(), n.Pop())

	o := Outer[string]{}
	fmt.Println(o.Kind(), o.Inner.Kind(), Outer[bool]{}.Kind())
	m := reflect.TypeOf(c).NumMethod()
	pm := reflect.TypeOf(&c).NumMethod()
	fmt.Println(m, pm)
}
