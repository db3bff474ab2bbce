package main

import "fmt"

type B struct {
	_ int
	X int
	_ string
}

type Wrap struct {
	B
	_ [2]int
	N int
}

func main() {
	// Blank fields are never compared, hashed or kept from a literal.
	b1, b2 := B{1, 2, "a"}, B{3, 2, "b"}
	fmt.Println(b1 == b2, b1, b2)
	fmt.Printf("%+v %#v\n", b1, b2)
	m := map[B]int{b1: 1, b2: 2}
	fmt.Println(len(m), m[B{X: 2}])
	w1 := Wrap{B: b1, N: 1}
	w2 := Wrap{B{9, 2, "z"}, [2]int{1, 2}, 1}
	fmt.Println(w1 == w2, w2)
	var i1, i2 interface{} = b1, b2
	fmt.Println(i1 == i2)
	arr1, arr2 := [2]B{b1, b2}, [2]B{b2, b1}
	fmt.Println(arr1 == arr2)
}
