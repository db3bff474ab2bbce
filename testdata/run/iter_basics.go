package main

import "fmt"

func Count(n int) func(func(int) bool) {
	return func(yield func(int) bool) {
		for i := 0; i < n; i++ {
			if !yield(i) {
				fmt.Println("stopped at", i)
				return
			}
		}
	}
}

func Pairs(m []string) func(func(int, string) bool) {
	return func(yield func(int, string) bool) {
		for i, s := range m {
			if !yield(i, s) {
				return
			}
		}
	}
}

func find(xs []string, w string) (int, bool) {
	for i, s := range Pairs(xs) {
		if s == w {
			return i, true
		}
	}
	return -1, false
}

type P struct{ X, Y int }

func firstBig(n int) P {
	for i := range Count(n) {
		if i*i > 10 {
			return P{i, i * i}
		}
	}
	return P{}
}

func deferred() (r int) {
	defer func() { fmt.Println("outer defer, r =", r); r++ }()
	for i := range Count(3) {
		defer fmt.Println("deferred in body", i)
	}
	fmt.Println("loop done")
	return 10
}

func main() {
	sum := 0
	for i := range Count(5) {
		sum += i
	}
	fmt.Println("sum", sum)
	for i := range Count(10) {
		if i == 3 {
			break
		}
		if i%2 == 0 {
			continue
		}
		fmt.Println("odd", i)
	}
	fmt.Println(find([]string{"a", "b", "c"}, "b"))
	fmt.Println(find([]string{"a", "b", "c"}, "z"))
	fmt.Println(firstBig(10))
	fmt.Println(deferred())
outer:
	for i := range Count(3) {
		for j := range Count(3) {
			if j == 2 {
				continue outer
			}
			if i == 2 {
				break outer
			}
			fmt.Println(i, j)
		}
	}
	var funcs []func() int
	for i := range Count(3) {
		funcs = append(funcs, func() int { return i * 10 })
	}
	for _, f := range funcs {
		fmt.Print(f(), " ")
	}
	fmt.Println()
	k := 0
	for k = range Count(4) {
	}
	fmt.Println("k", k)
	for range Count(2) {
		fmt.Println("tick")
	}
	i := 0
	for x := range Count(5) {
		if x == 2 {
			goto done
		}
		i++
	}
done:
	fmt.Println("goto", i)
}
