// Struct values received in select cases are whole values, passed to
// functions and methods that are not inlined: with one receive case,
// with a default, with a send case that cannot proceed, with several
// receive cases of one type or of several, and from a closed channel.
package main

import (
	"fmt"
	"time"
)

type T struct{ a, b int }

func (t T) Pos() bool {
	for i := 0; i < t.b; i++ {
		if t.a > i {
			return true
		}
	}
	return false
}

func sum(t T) int {
	s := 0
	for _, x := range []int{t.a, t.b} {
		s += x
	}
	return s
}

type U struct{ s string }

func main() {
	c := make(chan T, 2)
	c <- T{1, 2}
	select {
	case t := <-c:
		fmt.Println("only case:", t.Pos(), sum(t))
	}

	blocked := make(chan int)
	for i := 0; i < 2; i++ {
		c <- T{i, 3}
		select {
		case t := <-c:
			fmt.Println("with default:", t.Pos(), sum(t))
		default:
			fmt.Println("default")
		}
		select {
		case t := <-c:
			fmt.Println("unexpected", t)
		default:
			fmt.Println("empty: default")
		}
		c <- T{5, i}
		select {
		case t := <-c:
			fmt.Println("with a send case:", t.Pos(), sum(t))
		case blocked <- 1:
			fmt.Println("unexpected send")
		}
	}

	c2 := make(chan T, 1)
	u := make(chan U, 1)
	c2 <- T{7, 8}
	select {
	case t := <-c:
		fmt.Println("unexpected", t)
	case t := <-c2:
		fmt.Println("second of two:", sum(t))
	}
	u <- U{"u"}
	select {
	case t := <-c:
		fmt.Println("unexpected", t)
	case x := <-u:
		fmt.Println("other type:", x.s)
	}

	close(c)
	select {
	case t, ok := <-c:
		fmt.Println("closed:", t.Pos(), sum(t), ok)
	}

	tk := time.NewTicker(time.Millisecond)
	defer tk.Stop()
	start := time.Now()
	select {
	case t := <-tk.C:
		fmt.Println("ticker:", t.Before(start), t.IsZero())
	}
}
