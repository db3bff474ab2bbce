package main

import (
	"fmt"
	"iter"
)

func Count(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		defer fmt.Println("count done")
		for i := range n {
			if !yield(i) {
				return
			}
		}
	}
}

func Zip[A, B any](a iter.Seq[A], b iter.Seq[B]) iter.Seq2[A, B] {
	return func(yield func(A, B) bool) {
		na, sa := iter.Pull(a)
		defer sa()
		nb, sb := iter.Pull(b)
		defer sb()
		for {
			x, ok1 := na()
			y, ok2 := nb()
			if !ok1 || !ok2 {
				return
			}
			if !yield(x, y) {
				return
			}
		}
	}
}

func Letters(s string) iter.Seq[string] {
	return func(yield func(string) bool) {
		for _, r := range s {
			if !yield(string(r)) {
				return
			}
		}
	}
}

func boom(yield func(int) bool) {
	yield(1)
	panic("iterator exploded")
}

func main() {
	next, stop := iter.Pull(Count(3))
	for {
		v, ok := next()
		if !ok {
			break
		}
		fmt.Println("pulled", v)
	}
	fmt.Println(next())
	stop()
	stop()
	n2, s2 := iter.Pull(Count(10))
	fmt.Println(n2())
	fmt.Println(n2())
	s2()
	fmt.Println(n2())
	for a, b := range Zip(Count(5), Letters("xyz")) {
		fmt.Println(a, b)
	}
	n3, s3 := iter.Pull(Count(1))
	s3()
	fmt.Println(n3())
	n4, _ := iter.Pull(iter.Seq[int](boom))
	fmt.Println(n4())
	defer func() { fmt.Println("recovered:", recover()) }()
	fmt.Println(n4())
}
