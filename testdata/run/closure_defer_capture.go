package main

import "fmt"

func main() {
	x := 1
	defer fmt.Println("deferred arg evaluated early:", x)
	defer func() { fmt.Println("deferred closure sees late:", x) }()
	x = 2
	for i := 0; i < 3; i++ {
		defer func() { fmt.Println("loop closure", i) }()
	}
	s := []int{1, 2, 3}
	modify := func() { s[0] = 99; s = append(s, 4) }
	modify()
	fmt.Println(s, len(s))
	var fs [3]func()
	for i := range fs {
		v := i * 2
		fs[i] = func() { fmt.Println("captured v", v, "i", i) }
	}
	for _, f := range fs {
		f()
	}
	counter := 0
	incr := func() func() {
		return func() { counter++ }
	}
	a, b := incr(), incr()
	a()
	b()
	a()
	fmt.Println("counter", counter)
	x = 3
}
