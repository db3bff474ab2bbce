package main

import "fmt"

func gen(start, step int) func() (int, bool) {
	cur := start
	return func() (int, bool) {
		if cur > 20 {
			return 0, false
		}
		v := cur
		cur += step
		return v, true
	}
}

func filter(next func() (int, bool), pred func(int) bool) func() (int, bool) {
	return func() (int, bool) {
		for {
			v, ok := next()
			if !ok {
				return 0, false
			}
			if pred(v) {
				return v, true
			}
		}
	}
}

func main() {
	g := gen(1, 3)
	for v, ok := g(); ok; v, ok = g() {
		fmt.Print(v, " ")
	}
	fmt.Println()
	evens := filter(gen(0, 1), func(x int) bool { return x%2 == 0 })
	for {
		v, ok := evens()
		if !ok {
			break
		}
		fmt.Print(v, ",")
	}
	fmt.Println()
	makeAdders := func() []func(int) int {
		var out []func(int) int
		for _, k := range []int{1, 10, 100} {
			out = append(out, func(x int) int { return x + k })
		}
		return out
	}
	for _, a := range makeAdders() {
		fmt.Println(a(5))
	}
}
