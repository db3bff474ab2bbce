package main

import "fmt"

type Shape interface{ Area() float64 }
type Sq struct{ s float64 }

func (q Sq) Area() float64 { return q.s * q.s }

func main() {
	var v interface{} = "text"
	if n, ok := v.(int); !ok {
		fmt.Println("comma-ok assertion failed safely, n =", n)
	}
	var sh Shape = Sq{2}
	fmt.Println("area", sh.Area())
	q := sh.(Sq)
	fmt.Println("asserted", q)
	n := v.(int)
	fmt.Println("unreachable", n)
}
