package main

import "fmt"

type Node struct {
	Val      int
	Children []*Node
}

type Tree struct {
	Root  *Node
	Count int
}

type Matrix [2][2]float64

func main() {
	n := &Node{Val: 1, Children: []*Node{{Val: 2}, {Val: 3}}}
	fmt.Printf("%v\n", *n.Children[0])
	t := Tree{Count: 3}
	fmt.Printf("%v %+v\n", t, t)
	var m Matrix
	m[0][0], m[1][1] = 1, 2.5
	fmt.Println(m)
	fmt.Printf("%v %+v\n", m, m)
	nested := map[string][]map[string]int{"x": {{"b": 2, "a": 1}, nil}, "a": {}}
	fmt.Println(nested)
	deep := [][][]int{{{1, 2}, {3}}, {{}}}
	fmt.Println(deep, len(deep[1][0]))
	type wrapper struct {
		Vals map[int][]string
		Opt  *int
	}
	w := wrapper{Vals: map[int][]string{3: {"c"}, 1: {"a", "b"}}}
	fmt.Printf("%v\n%+v\n", w, w)
	ifaceSlice := []interface{}{[]int{1}, map[string]bool{"t": true}, wrapper{}, &[]int{9}, &map[string]int{"p": 1}}
	fmt.Println(ifaceSlice[:3])
	fmt.Println(ifaceSlice[3], ifaceSlice[4])
	arr := &[3]string{"x", "y", "z"}
	fmt.Println(arr)
	ps := &struct{ A, B int }{1, 2}
	fmt.Printf("%v %+v\n", ps, ps)
}
