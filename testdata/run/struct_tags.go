package main

import "fmt"

type T1 struct {
	X int `a:"1"`
}
type T2 struct {
	X int `b:"2"`
}

func main() {
	p1 := &T1{5}
	p2 := (*T2)(p1)
	p2.X = 7
	fmt.Println(p1.X)
	s := []struct {
		X int `t:"x"`
	}{{1}, {2}}
	u := ([]struct{ X int })(s)
	fmt.Println(u)
	m := map[T1]bool{{1}: true}
	fmt.Println(m[T1(T2{1})])
	fmt.Printf("%T|%v|%+v\n", T1{}, T2{3}, struct {
		A string `x:"y\tz"`
		B []int  "raw"
	}{"q", nil})
}
