package main

import "fmt"

type T struct{ x int }

func try(name string, f func()) {
	defer func() { fmt.Println(name, "->", recover()) }()
	f()
}

func main() {
	var t *T
	var p *int
	var a *[3]int
	try("&*t", func() { q := &*t; fmt.Println(q == nil) })
	try("&*p", func() { q := &*p; fmt.Println(q == nil) })
	try("&(*t).x", func() { q := &(*t).x; fmt.Println(q == nil) })
	try("a[0:0]", func() { s := a[0:0]; fmt.Println(len(s)) })
	try("a[:]", func() { s := a[:]; fmt.Println(len(s)) })
	x := 5
	p = &x
	q := &*p
	*q = 6
	fmt.Println("non-nil:", x, q == p)
	fmt.Println("taking &*t outside recover")
	t = nil
	r := &*t
	fmt.Println("not reached", r)
}
