package main

import "fmt"

func counter() func() int {
	n := 0
	return func() int {
		n++
		return n
	}
}

func pair() (func(), func() int) {
	x := 0
	return func() { x += 10 }, func() int { return x }
}

func main() {
	c1 := counter()
	c2 := counter()
	fmt.Println(c1(), c1(), c1())
	fmt.Println(c2(), c2())
	fmt.Println(c1())
	add, get := pair()
	add()
	add()
	fmt.Println(get())
	x := 1
	f := func() { x *= 2 }
	f()
	f()
	fmt.Println("x captured by reference:", x)
	x = 100
	f()
	fmt.Println(x)
	y := 5
	g := func() int { return y }
	y = 6
	fmt.Println(g())
	acc := func(start int) func(int) int {
		return func(d int) int {
			start += d
			return start
		}
	}(100)
	fmt.Println(acc(1), acc(2), acc(3))
}
