package main

import (
	"errors"
	"fmt"
)

type P struct{ v any }

func (p P) Format(f fmt.State, c rune) { panic(p.v) }

type S struct{ A int }

type Str int

func (s Str) String() string { return "Str!" }

func main() {
	for _, v := range []any{1, 2.5, "s", S{3}, []int{1}, errors.New("e"), Str(1), true, nil, &S{4}, map[string]int{"a": 1}} {
		fmt.Printf("%v|%5d|%s\n", P{v}, P{v}, fmt.Sprint(P{v}))
	}
}

type SP struct{ v any }

func (s SP) String() string { panic(s.v) }

func init() {
	for _, v := range []any{S{5}, []string{"x"}, 7} {
		fmt.Printf("%v|%s|%x\n", SP{v}, SP{v}, SP{v})
	}
}
