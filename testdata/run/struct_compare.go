package main

import "fmt"

type Key struct {
	A string
	B int
}

type Money struct {
	Cents int64
	Cur   string
}

func main() {
	k1 := Key{"a", 1}
	k2 := Key{"a", 1}
	k3 := Key{"a", 2}
	fmt.Println(k1 == k2, k1 == k3, k1 != k3)
	seen := map[Key]int{}
	seen[k1]++
	seen[k2]++
	seen[k3]++
	fmt.Println(seen)
	var i1, i2 interface{} = k1, k2
	fmt.Println(i1 == i2)
	var i3 interface{} = Money{100, "USD"}
	fmt.Println(i1 == i3)
	p1, p2 := &Key{"x", 0}, &Key{"x", 0}
	fmt.Println(p1 == p2, *p1 == *p2)
	p3 := p1
	fmt.Println(p1 == p3)
	arr1 := [2]Key{{"a", 1}, {"b", 2}}
	arr2 := [2]Key{{"a", 1}, {"b", 2}}
	fmt.Println(arr1 == arr2)
	arr2[1].B = 3
	fmt.Println(arr1 == arr2)
	type Anon = struct{ X int }
	var a Anon = struct{ X int }{5}
	fmt.Println(a == Anon{5})
	zero := Money{}
	fmt.Println(zero == Money{}, zero.Cur == "")
}
