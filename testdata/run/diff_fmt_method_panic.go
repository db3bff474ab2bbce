package main

import (
	"errors"
	"fmt"
)

type S struct{ n int }

func (s S) String() string { panic("boom") }

type P struct{ n int }

func (p *P) String() string { return fmt.Sprint("P", p.n) }

type E struct{}

func (E) Error() string { panic(errors.New("bad error")) }

type G struct{}

func (G) GoString() string { panic(42) }

type F struct{}

func (F) Format(f fmt.State, c rune) {
	fmt.Fprint(f, "partial")
	panic("fmtboom")
}

type NP struct{ n int }

func (p *NP) String() string { return "np" }

type SS string

func (s SS) String() string { panic(fmt.Sprintf("in %s", string(s))) }

func main() {
	for _, verb := range []string{"%v", "%s", "%x", "%X", "%q", "%d", "%+v", "%#v", "%10v", "%-8s|", "%08x", "% x", "%#x", "%t", "%T"} {
		fmt.Printf(verb+"\n", S{1})
		fmt.Printf(verb+"\n", E{})
		fmt.Printf(verb+"\n", G{})
		fmt.Printf(verb+"\n", F{})
		fmt.Printf(verb+"\n", SS("abc"))
		var p *P
		fmt.Printf(verb+"\n", p)
		var np *NP
		fmt.Printf(verb+"\n", np)
	}
	fmt.Println(S{1}, E{}, G{}, F{})
	fmt.Print(S{1}, "\n")
	fmt.Println([]S{{1}, {2}})
	fmt.Printf("%x\n", []S{{1}})
	fmt.Printf("%x\n", map[string]S{"a": {1}})
	fmt.Printf("%x\n", struct{ A S }{S{1}})
	fmt.Printf("%v\n", &struct{ A S }{S{1}})
	e := fmt.Errorf("wrap %w", E{})
	fmt.Println(e)
	fmt.Printf("%x %X\n", errors.New("hi"), errors.New("hi"))
}
