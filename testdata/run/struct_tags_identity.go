package main

import "fmt"

type A struct {
	Name string `json:"name"`
	Age  int    `json:"age,omitempty"`
}

type B struct {
	Name string
	Age  int
}

func main() {
	a := A{"x", 1}
	b := B(a)
	fmt.Println(b)
	var c struct {
		Name string `json:"name"`
		Age  int    `json:"age,omitempty"`
	} = a
	fmt.Println(c)
	fmt.Printf("%T\n", c)
	fmt.Printf("%#v\n", c)
	var i any = c
	_, ok := i.(struct {
		Name string
		Age  int
	})
	fmt.Println(ok)
	_, ok = i.(struct {
		Name string `json:"name"`
		Age  int    `json:"age,omitempty"`
	})
	fmt.Println(ok)
}
