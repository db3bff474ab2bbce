package main

import "fmt"

type P struct {
	X, Y int
	Name string
}

type Color int

type Wrap struct {
	P     P
	Items []string
	M     map[string]int
	Ptr   *int
	F     float64
	B     bool
	I     interface{}
}

func main() {
	fmt.Printf("%#v\n", P{1, 2, "pt"})
	fmt.Printf("%#v\n", []int{1, 2})
	fmt.Printf("%#v\n", []string{"a", "b"})
	fmt.Printf("%#v\n", map[string]int{"z": 1, "a": 2})
	fmt.Printf("%#v\n", [2]bool{true, false})
	fmt.Printf("%#v %#v %#v\n", 42, "str", 'r')
	fmt.Printf("%#v %#v %#v\n", 1.0, 1.5, 1e21)
	fmt.Printf("%#v %#v\n", Color(3), uint8(7))
	fmt.Printf("%#v\n", Wrap{P: P{Name: "n"}, Items: []string{"i"}, M: map[string]int{"k": 1}, F: 2, B: true, I: 5})
	var ns []int
	var nm map[string]bool
	var ni interface{}
	fmt.Printf("%#v %#v %#v\n", ns, nm, ni)
	fmt.Printf("%#v\n", struct {
		A int
		b string
	}{1, "x"})
	fmt.Printf("%#v\n", []interface{}{1, "a", nil})
	fmt.Printf("%#v\n", &P{3, 4, "ptr"})
	fmt.Printf("%#x %#o %#q\n", 255, 8, "x")
	fmt.Printf("%#v\n", []byte("hi"))
}
