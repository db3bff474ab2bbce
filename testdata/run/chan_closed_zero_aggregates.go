package main

import "fmt"

type P struct{ X, Y int }

func main() {
	c := make(chan P, 1)
	close(c)
	v, ok := <-c
	fmt.Println(v, ok, v == P{})
	w := <-c
	w.X = 3
	fmt.Println(w)
	var i interface{} = 5
	p, ok2 := i.(P)
	fmt.Println(p, ok2, p.Y)
	a, ok3 := i.([2]P)
	fmt.Println(a, ok3, len(a))
	ca := make(chan [3]int)
	close(ca)
	arr := <-ca
	arr[1] = 7
	fmt.Println(arr)
	var np chan P
	select {
	case x := <-np:
		fmt.Println(x)
	default:
		fmt.Println("default")
	}
	cs := make(chan P)
	close(cs)
	select {
	case x, ok := <-cs:
		fmt.Println(x, ok)
	}
}
