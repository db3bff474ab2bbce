package main

import "fmt"

type stack struct{ ops []string }

func (s *stack) do(name string) func() {
	s.ops = append(s.ops, "open "+name)
	return func() { s.ops = append(s.ops, "close "+name) }
}

func work(s *stack, n int) (total int) {
	defer s.do("work")()
	for i := 1; i <= n; i++ {
		defer func() { total += i }()
	}
	return 0
}

func main() {
	s := &stack{}
	fmt.Println(work(s, 4))
	fmt.Println(s.ops)
	var fs []func()
	for i := 0; i < 3; i++ {
		defer func() { fmt.Println("main defer i", i) }()
		fs = append(fs, func() { fmt.Println("stored func i", i) })
	}
	for _, f := range fs {
		f()
	}
	x := []int{1}
	defer fmt.Println("slice at defer:", x)
	defer func() { fmt.Println("slice in closure:", x) }()
	x[0] = 2
	x = append(x, 3)
}
