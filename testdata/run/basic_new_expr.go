package main

import "fmt"

// Go 1.26's new(expr): a pointer to a fresh variable holding a copy of the
// value; an untyped constant takes its default type.

type P struct{ X, Y int }

func name() string { return "gopher" }

func main() {
	p := new(42)
	*p++
	fmt.Println(*p)
	fmt.Printf("%T %T %T\n", p, new(1.5), new('x'))
	s := new(name())
	fmt.Println(*s)
	a := P{1, 2}
	q := new(a)
	q.X = 9
	fmt.Println(a, *q)
	arr := [3]int{1, 2, 3}
	r := new(arr)
	r[0] = 7
	fmt.Println(arr, *r)
	sl := []int{1, 2}
	t := new(sl)
	(*t)[0] = 5
	fmt.Println(sl, *t)
	var i interface{} = 3
	u := new(i)
	fmt.Printf("%T %v\n", u, *u)
	v := new(P{3, 4})
	fmt.Println(v.X + v.Y)
	w := new(int)
	fmt.Println(*w, *new(int64(7)))
	x := 10
	y := new(x)
	x = 11
	fmt.Println(x, *y)
}
