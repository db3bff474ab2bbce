package main

import "fmt"

var log []string

func note(s string) { log = append(log, s) }

func a(s string) func(int) int {
	note("a" + s)
	return func(x int) int { note("call a" + s); return x + 1 }
}

func b(s string) int { note("b" + s); return len(s) }

type S struct{ h func(int) }

func getS(s *S) *S { note("getS"); return s }

func main() {
	// The callee is a call: it is evaluated before the arguments.
	a("1")(b("2"))
	a("3")(a("4")(b("5")))
	fmt.Println(log)
	log = nil

	// A variable callee is read after the arguments, as gc does.
	f := func(int) { note("f1") }
	f(func() int { f = func(int) { note("f2") }; return 0 }())
	s := &S{func(int) { note("s1") }}
	s.h(func() int { s.h = func(int) { note("s2") }; return 0 }())
	fs := []func(int){func(int) { note("x1") }}
	fs[0](func() int { fs[0] = func(int) { note("x2") }; return 0 }())
	fmt.Println(log)
	log = nil

	// Receivers and method values.
	getS(s).h(b("6"))
	m := map[string]func(int) int{"k": a("7")}
	fmt.Println(m["k"](b("8")))
	fmt.Println(log)
	log = nil

	// Operands of binary expressions and composite literals.
	x := b("aa") + b("bbb")*b("c")
	arr := [3]int{b("d1"), b("d22"), b("d333")}
	mp := map[int]int{b("k1"): b("v11")}
	fmt.Println(x, arr, mp, log)
}
