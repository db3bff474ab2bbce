package main

import "fmt"

var calls int

func f() *[40]int { calls++; return nil }

func g() *[3]string { calls++; return &[3]string{"a", "b", "c"} }

type Grid [4][5]int

func main() {
	// len and cap of a pointer to an array are the array's length, even
	// for nil; the operand is still evaluated.
	fmt.Println(len(f()), cap(f()), calls)
	var p *[7]byte
	fmt.Println(len(p), cap(p))
	fmt.Println(len(g()), cap(g()), calls)
	var gp *Grid
	fmt.Println(len(gp), len(gp[0:0]) == 0)
	n := 0
	for i := range p {
		n += i
	}
	fmt.Println("range over nil *[7]byte keys:", n)
	defer func() { fmt.Println("recovered:", recover()) }()
	for i, v := range p {
		fmt.Println(i, v)
	}
}
