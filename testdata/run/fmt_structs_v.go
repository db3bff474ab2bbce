package main

import "fmt"

type Inner struct {
	A int
	B string
}

type Outer struct {
	Name  string
	In    Inner
	Ptr   *Inner
	List  []Inner
	M     map[string]int
	Any   interface{}
	Flag  bool
	F     float64
	bytes []byte
}

func main() {
	o := Outer{
		Name:  "outer",
		In:    Inner{1, "x"},
		List:  []Inner{{2, "y"}, {3, ""}},
		M:     map[string]int{"b": 2, "a": 1},
		Any:   Inner{4, "z"},
		Flag:  true,
		F:     2.5,
		bytes: []byte("hi"),
	}
	fmt.Printf("%v\n", o)
	fmt.Printf("%+v\n", o)
	fmt.Println(o.In, o.List, o.M)
	fmt.Printf("%v %+v\n", o.In, &o.In)
	var nilp *Inner
	fmt.Printf("%v %+v\n", nilp, nilp)
	fmt.Println([]*int{nil}, map[string]*Inner{"k": nil})
	fmt.Printf("%v\n", [][]string{{"a"}, {}, nil})
	fmt.Printf("%v %v\n", [2]bool{true}, struct{}{})
	fmt.Printf("%v\n", []interface{}{1, "s", nil, 2.5, []int{1}})
	fmt.Printf("%d\n", Inner{5, "five"})
	fmt.Printf("%s\n", Inner{5, "five"})
	fmt.Printf("%x\n", Inner{255, "hi"})
	fmt.Printf("%d %s\n", []int{1, 2}, []int{1, 2})
	fmt.Printf("%05d|%x|%X\n", []int{1, 20}, []int{10, 255}, map[string]int{"k": 255})
	type pt struct{ X, Y int }
	fmt.Printf("%v|%+v\n", map[pt]string{{2, 1}: "b", {1, 2}: "a"}, map[pt]string{{1, 1}: "c"})
}
