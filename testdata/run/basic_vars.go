package main

import "fmt"

var global = 10
var (
	ga, gb = 1, "two"
	gc     float64
	gd     bool
)

func main() {
	var a int
	var b int = 5
	var c = 7
	d := 9
	var e, f = 1, 2
	g, h := "x", 'y'
	fmt.Println(a, b, c, d, e, f, g, h)
	fmt.Println(global, ga, gb, gc, gd)
	global++
	global += 5
	fmt.Println("global now", global)
	a, b = b, a
	fmt.Println("swapped", a, b)
	e, f, c = f, c, e
	fmt.Println("rotated", e, f, c)
	var p *int
	fmt.Println(p == nil)
	p = &d
	*p = 100
	fmt.Println(d, *p)
	var zs string
	var zf float32
	var zr rune
	var zb byte
	fmt.Println(zs == "", zf, zr, zb)
	_ = zb
	x := 1
	{
		x := 2
		x++
		fmt.Println("inner x", x)
	}
	fmt.Println("outer x", x)
	if x := 50; x > 10 {
		fmt.Println("if-scoped x", x)
	}
	fmt.Println("outer x again", x)
}
