package main

import (
	"fmt"
	"strings"
)

// A list whose String() prints the rest of the list through fmt: one
// nested String() call per element.
type List struct {
	V    int
	Next *List
}

func (l *List) String() string {
	if l == nil {
		return "nil"
	}
	return fmt.Sprintf("%d->%v", l.V, l.Next)
}

type Tree struct {
	Kids []any
}

func main() {
	var l *List
	for i := 0; i < 3000; i++ {
		l = &List{i % 10, l}
	}
	s := fmt.Sprint(l)
	fmt.Println("list len", len(s), s[:24], s[len(s)-12:])

	// []any nested 70 deep: every level prints.
	var x any = 7
	for i := 0; i < 70; i++ {
		x = []any{x}
	}
	t := fmt.Sprint(x)
	fmt.Println("slices", len(t), strings.Count(t, "["), t[:5], t[len(t)-5:])
	fmt.Printf("%v\n", x)

	// Maps and structs nested 200 deep.
	var m any = "leaf"
	for i := 0; i < 200; i++ {
		m = map[string]any{"k": m}
	}
	u := fmt.Sprint(m)
	fmt.Println("maps", len(u), strings.Count(u, "map["), u[len(u)-8:])
	var tr any = Tree{}
	for i := 0; i < 200; i++ {
		tr = Tree{[]any{i, tr}}
	}
	v := fmt.Sprintf("%+v", tr)
	fmt.Println("structs", len(v), v[:20], v[len(v)-20:])
	w := fmt.Sprintf("%#v", x)
	fmt.Println("gosyntax", len(w), w[:30])

	// Deep nesting 100000 levels: fine in Go, fine here.
	var y any = 1
	for i := 0; i < 100000; i++ {
		y = []any{y}
	}
	z := fmt.Sprint(y)
	fmt.Println("deep", len(z), z[99995:100005])
}
