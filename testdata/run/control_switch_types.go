package main

import "fmt"

type Op int

const (
	Add Op = iota
	Sub
	Mul
	Div
)

func eval(op Op, a, b int) (int, bool) {
	switch op {
	case Add:
		return a + b, true
	case Sub:
		return a - b, true
	case Mul:
		return a * b, true
	case Div:
		if b == 0 {
			return 0, false
		}
		return a / b, true
	}
	return 0, false
}

func main() {
	for op := Add; op <= Div+1; op++ {
		r, ok := eval(op, 12, 4)
		fmt.Println(op, r, ok)
	}
	_, ok := eval(Div, 1, 0)
	fmt.Println("div by zero ok?", ok)
	s := "beta"
	switch s {
	case "alpha":
		fmt.Println("a")
	case "be" + "ta":
		fmt.Println("b (concat const)")
	}
	x := 3.5
	switch {
	case x < 0:
		fmt.Println("neg")
	case x < 1, x > 3:
		fmt.Println("small or big")
	}
	switch f := func() int { fmt.Println("tag evaluated once"); return 2 }(); f {
	case 1, 2, 3:
		fmt.Println("low")
	}
	var e interface{} = 2
	switch e {
	case 1:
		fmt.Println("one")
	case 2:
		fmt.Println("two via interface compare")
	}
}
