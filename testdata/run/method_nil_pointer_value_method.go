package main

import "fmt"

type S struct{ n int }

func (s S) V() int { return s.n }

type I interface{ V() int }

func try(name string, f func()) {
	defer func() { fmt.Println(name, "->", recover()) }()
	f()
}

func main() {
	var p *S
	try("iface", func() { var i I = p; i.V() })
	try("mexpr", func() { (*S).V(p) })
	try("mvalue", func() { f := p.V; f() })
	try("direct", func() { p.V() })
	try("defer", func() { defer p.V() })
}
