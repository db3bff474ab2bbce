package main

import "fmt"

var calls int

func f() *[40]int { calls++; return nil }

func g() *[3]string { calls++; return &[3]string{"a", "b", "c"} }

type Grid [4][5]int

func main() {
	constLen()
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

type holder struct{ a [3]int }

var nilArr *[4]int

// With at most one iteration variable and a constant len(x), Go does not
// evaluate the range expression, and `_ = len(*p)` is a constant too: no
// nil dereference. With a call in x, x is evaluated and panics.
func constLen() {
	var h *holder
	keys := 0
	for i := range *nilArr {
		keys += i
	}
	for i := range h.a {
		keys += i
	}
	for range (*nilArr) {
		keys++
	}
	_ = len(*nilArr)
	_ = cap(h.a)
	fmt.Println("constant-length ranges over nil:", keys)
	func() {
		defer func() { fmt.Println("with a call:", recover() != nil, calls) }()
		for range *f() {
		}
	}()
	func() {
		defer func() { fmt.Println("two variables:", recover() != nil) }()
		for i, v := range *nilArr {
			fmt.Println(i, v)
		}
	}()
	func() {
		defer func() { fmt.Println("a blank second variable:", recover() != nil) }()
		for i, _ := range h.a {
			fmt.Println(i)
		}
	}()
}
