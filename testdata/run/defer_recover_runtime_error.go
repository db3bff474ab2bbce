package main

import (
	"errors"
	"fmt"
	"runtime"
)

func check(f func()) {
	defer func() {
		r := recover()
		if err, ok := r.(error); ok {
			var re runtime.Error
			fmt.Println("error:", err.Error(), "| runtime.Error:", errors.As(err, &re))
		} else {
			fmt.Println("non-error:", r)
		}
	}()
	f()
}

func main() {
	check(func() {
		var arr []string
		_ = arr[0]
	})
	check(func() {
		s := make([]int, 3, 5)
		lo, hi := 4, 2
		_ = s[lo:hi]
	})
	check(func() {
		s := make([]int, 3, 5)
		hi := 6
		_ = s[:hi]
	})
	check(func() {
		// An array's bound is its "length", a slice's its "capacity".
		a := [3]int{}
		p := &a
		hi := 4
		_ = a[1:hi]
		_ = p[:hi:hi]
	})
	check(func() {
		a := [3]int{}
		p := &a
		hi := 4
		_ = p[:hi:hi]
	})
	check(func() {
		var x interface{} = 3.5
		_ = x.(string)
	})
	check(func() {
		var x interface{}
		_ = x.(int)
	})
	check(func() {
		var f fmt.Stringer
		_ = f.String()
	})
	check(func() {
		a := [3]int{}
		i := -1 + len(a) + 1
		a[i%4] = 1
	})
	check(func() { panic(fmt.Sprintf("formatted %d", 5)) })
	check(func() {
		ch := make(chan int)
		close(ch)
		close(ch)
	})
	check(func() {
		x := 0
		_ = 10 % x
	})
}
