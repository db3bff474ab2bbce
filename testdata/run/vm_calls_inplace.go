package main

import (
	"errors"
	"fmt"
)

func fib(n int) int {
	if n < 2 {
		return n
	}
	return fib(n-1) + fib(n-2)
}

func pair(a, b int) (int, int) { return b, a }

func inc(x int) int { x++; return x }

type T struct{ v int }

func (t T) get() int   { return t.v }
func (t *T) set(v int) { t.v = v }

func id(t T) T { return t }

var errX = errors.New("x")

func mayFail(i int) (int, error) {
	if i%2 == 0 {
		return i, nil
	}
	return 0, errX
}

func sum(xs ...int) int {
	s := 0
	for _, x := range xs {
		s += x
	}
	return s
}

func main() {
	fmt.Println(fib(20))
	x := 5
	x = inc(x) + inc(x)
	fmt.Println(x)
	// Arguments read the variable the result goes to.
	y := 3
	y = sum(y, y, inc(y))
	fmt.Println(y)
	a, b := pair(1, 2)
	a, b = pair(a, b)
	fmt.Println(a, b)
	t := T{4}
	t.set(t.get() + inc(t.get()))
	fmt.Println(t.get(), id(t).get())
	u := id(t)
	u.v = 9
	fmt.Println(t.v, u.v)
	for i := 0; i < 3; i++ {
		v, err := mayFail(i)
		fmt.Println(v, err)
	}
	f := func(n int) int { return n * 10 }
	z := f(f(2)) + f(3)
	fmt.Println(z, sum(f(1), f(2), sum(f(3))))
	var s []int
	for i := 0; i < 5; i++ {
		s = append(s, inc(i)*inc(i))
	}
	fmt.Println(s, len(s))
}
