// Calls through the run loop's inline call path (issue 33): interface
// calls with pointer, value and aggregate value receivers, a nil pointer
// behind an interface, closures, functions with many locals (more
// registers than the fixed-size zeroing covers), deep recursion that grows
// the registers, and panics and runtime.Caller inside such calls.
package main

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
)

type Shape interface {
	Area() int
	Name() string
}

type Rect struct{ w, h int }

func (r *Rect) Area() int    { return r.w * r.h }
func (r *Rect) Name() string { return "rect" }

type Big struct {
	a, b, c int
	tag     [3]string
}

func (b Big) Area() int { b.a = 100; return b.a + b.b + b.c }
func (b Big) Name() string {
	b.tag[0] = "changed"
	return strings.Join(b.tag[:], "/")
}

type Num int

func (n Num) Area() int    { return int(n) * int(n) }
func (n Num) Name() string { return fmt.Sprint("num", int(n)) }
func (n *Num) Bump()       { *n++ }

// Many locals: each must start at its zero value in every call.
func manyLocals(k int) int {
	var a, b, c, d, e, f, g, h, i, j, l, m int
	var s string
	var p *int
	if k%2 == 0 {
		a, c, e, g, i, l = k, k+1, k+2, k+3, k+4, k+5
	} else {
		b, d, f, h, j, m = k, k*2, k*3, k*4, k*5, k*6
	}
	if p == nil && s == "" {
		s = "ok"
	}
	return a + b + c + d + e + f + g + h + i + j + l + m + len(s)
}

func deep(n int, acc [4]int) int {
	var x, y, z int
	if n == 0 {
		return acc[0] + acc[1] + acc[2] + acc[3] + x + y + z
	}
	acc[n%4] += n
	x, y = n, -n
	return deep(n-1, acc) + x + y + z
}

func where() string {
	_, file, line, ok := runtime.Caller(1)
	i := strings.LastIndex(file, "/")
	return fmt.Sprint(file[i+1:], ":", line, " ", ok)
}

func viaIface(s Shape) (area int, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("recovered: %v", r)
		}
	}()
	return s.Area(), nil
}

func main() {
	var nilRect *Rect
	shapes := []Shape{&Rect{2, 3}, Big{1, 2, 3, [3]string{"x", "y", "z"}}, Num(7), nilRect}
	for i, s := range shapes {
		a, err := viaIface(s)
		fmt.Println(i, a, err)
	}
	b := Big{1, 2, 3, [3]string{"x", "y", "z"}}
	var s Shape = b
	fmt.Println(s.Name(), s.Area(), b.a, b.tag[0])
	n := Num(3)
	n.Bump()
	s = n
	fmt.Println(s.Area(), s.Name())

	total := 0
	for k := 0; k < 2000; k++ {
		total += manyLocals(k)
	}
	fmt.Println("manyLocals", total)

	fmt.Println("deep", deep(20000, [4]int{}))

	add := func(x int) func(int) int { return func(y int) int { return x + y } }
	sum := 0
	for i := 0; i < 1000; i++ {
		sum += add(i)(i)
	}
	fmt.Println("closures", sum)

	fmt.Println(where())
	err := func() (err error) {
		defer func() { err = errors.New(fmt.Sprint(recover())) }()
		var sh Shape
		return errors.New(sh.Name())
	}()
	fmt.Println(err)
}
