package main

import (
	"fmt"
	"strings"
)

type op func(int, int) int

func apply(f op, a, b int) int { return f(a, b) }

func add(a, b int) int { return a + b }
func mul(a, b int) int { return a * b }

func compose(f, g func(string) string) func(string) string {
	return func(s string) string { return g(f(s)) }
}

func mapInts(xs []int, f func(int) int) []int {
	out := make([]int, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

func main() {
	fmt.Println(apply(add, 3, 4), apply(mul, 3, 4))
	ops := map[string]op{"add": add, "mul": mul, "sub": func(a, b int) int { return a - b }}
	for _, k := range []string{"add", "mul", "sub"} {
		fmt.Println(k, ops[k](10, 3))
	}
	shout := compose(strings.ToUpper, func(s string) string { return s + "!" })
	fmt.Println(shout("hey"))
	fmt.Println(mapInts([]int{1, 2, 3}, func(x int) int { return x * x }))
	var nf func()
	fmt.Println(nf == nil)
	fs := []func() string{
		func() string { return "first" },
		func() string { return "second" },
	}
	for i, f := range fs {
		fmt.Println(i, f())
	}
	fmt.Printf("%T\n", apply)
	fmt.Printf("%T\n", compose)
	result := func(a int) int { return a * 100 }(7)
	fmt.Println(result)
}
