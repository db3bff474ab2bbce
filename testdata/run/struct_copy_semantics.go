package main

import "fmt"

type Inner struct {
	Vals [2]int
	Tags []string
	M    map[string]int
}

type Outer struct {
	In  Inner
	Ptr *Inner
	N   int
}

func main() {
	o1 := Outer{
		In:  Inner{[2]int{1, 2}, []string{"a"}, map[string]int{"k": 1}},
		Ptr: &Inner{Vals: [2]int{9, 9}},
		N:   1,
	}
	o2 := o1
	o2.N = 2
	o2.In.Vals[0] = 100
	o2.In.Tags[0] = "shared"
	o2.In.M["k"] = 42
	o2.Ptr.Vals[1] = -9
	fmt.Println(o1.N, o1.In.Vals, o1.In.Tags, o1.In.M, o1.Ptr.Vals)
	fmt.Println(o2.N, o2.In.Vals, o2.In.Tags, o2.In.M, o2.Ptr.Vals)
	o2.In.Tags = append(o2.In.Tags, "more")
	fmt.Println(len(o1.In.Tags), len(o2.In.Tags))
	arr := [2]Inner{}
	arr[0].Vals[1] = 5
	arr2 := arr
	arr2[0].Vals[1] = 6
	fmt.Println(arr[0].Vals, arr2[0].Vals)
	m := map[string]Inner{"x": {Vals: [2]int{1, 1}}}
	tmp := m["x"]
	tmp.Vals[0] = 8
	fmt.Println(m["x"].Vals, tmp.Vals)
	s := []Outer{o1}
	elem := s[0]
	elem.N = 500
	fmt.Println(s[0].N, elem.N)
	s[0].N = 600
	fmt.Println(s[0].N)
	f := func(o Outer) { o.N = -1; o.In.Vals[1] = -1 }
	f(o1)
	fmt.Println(o1.N, o1.In.Vals)
}
