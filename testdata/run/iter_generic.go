package main

import (
	"errors"
	"fmt"
	"strings"
)

type Tree[T any] struct {
	Left, Right *Tree[T]
	Val         T
}

func (t *Tree[T]) All(yield func(T) bool) bool {
	if t == nil {
		return true
	}
	return t.Left.All(yield) && yield(t.Val) && t.Right.All(yield)
}

func (t *Tree[T]) Iter(yield func(T) bool) { t.All(yield) }

func (t *Tree[T]) Walk() func(func(T) bool) {
	return func(yield func(T) bool) { t.All(yield) }
}

type Seq[V any] func(yield func(V) bool)
type Seq2[K, V any] func(yield func(K, V) bool)

func Filter[V any](s Seq[V], f func(V) bool) Seq[V] {
	return func(yield func(V) bool) {
		for v := range s {
			if f(v) && !yield(v) {
				return
			}
		}
	}
}

func Range(lo, hi int) Seq[int] {
	return func(yield func(int) bool) {
		for i := lo; i < hi; i++ {
			if !yield(i) {
				return
			}
		}
	}
}

func Enumerate[V any](s Seq[V]) Seq2[int, V] {
	return func(yield func(int, V) bool) {
		i := 0
		for v := range s {
			if !yield(i, v) {
				return
			}
			i++
		}
	}
}

func nested() (string, error) {
	for i := range Range(0, 5) {
		for j := range Range(0, 5) {
			if i*j == 6 {
				return fmt.Sprint(i, "*", j), nil
			}
		}
	}
	return "", errors.New("none")
}

func named() (s string, n int) {
	for i := range Range(0, 10) {
		s += fmt.Sprint(i)
		n = i
		if i == 4 {
			return
		}
	}
	return "never", -1
}

func recovering() (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("recovered: %v", r)
		}
	}()
	for i := range Range(0, 3) {
		if i == 1 {
			panic("boom in body")
		}
	}
	return nil
}

type Words string

func (w Words) Each(yield func(int, string) bool) {
	for i, f := range strings.Fields(string(w)) {
		if !yield(i, f) {
			return
		}
	}
}

func main() {
	t := &Tree[int]{Val: 5, Left: &Tree[int]{Val: 2, Right: &Tree[int]{Val: 3}}, Right: &Tree[int]{Val: 8}}
	for v := range t.Walk() {
		fmt.Print(v, " ")
	}
	fmt.Println()
	for v := range t.Iter {
		if v > 4 {
			break
		}
		fmt.Print(v, " ")
	}
	fmt.Println()
	even := Filter(Range(0, 20), func(i int) bool { return i%2 == 0 })
	for i, v := range Enumerate(even) {
		if i == 4 {
			break
		}
		fmt.Println(i, v)
	}
	fmt.Println(nested())
	fmt.Println(named())
	fmt.Println(recovering())
	for i, w := range Words("the quick brown fox").Each {
		fmt.Printf("%d=%s ", i, w)
	}
	fmt.Println()
	ch := make(chan int)
	done := make(chan bool)
	go func() {
		for v := range ch {
			fmt.Println("got", v)
		}
		done <- true
	}()
	for i := range Range(0, 3) {
		ch <- i
	}
	close(ch)
	<-done
	total := 0
	for i := range Range(0, 4) {
		switch {
		case i == 1:
			continue
		case i == 3:
			break
		}
		total += i
	}
	fmt.Println("total", total)
	m := map[string]int{}
	for _, w := range Words("a b a c b a").Each {
		m[w]++
	}
	fmt.Println(m)
	var s []int
	for i := range Range(0, 40) {
		s = append(s, i)
	}
	fmt.Println(len(s), cap(s))
	type pt struct{ x, y int }
	var pts [3]pt
	for i := range Range(0, 3) {
		pts[i] = pt{i, i * i}
	}
	fmt.Println(pts)
}
