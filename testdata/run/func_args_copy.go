package main

import "fmt"

type big struct {
	vals [3]int
	name string
}

func modArray(a [3]int) [3]int {
	a[0] = 100
	return a
}

func modSlice(s []int) {
	s[0] = 100
}

func appendSlice(s []int) []int {
	s = append(s, 4)
	s[1] = 200
	return s
}

func modStruct(b big) {
	b.vals[1] = -1
	b.name = "changed"
}

func modStructPtr(b *big) {
	b.vals[1] = -1
	b.name = "changed"
}

func modMap(m map[string]int) {
	m["new"] = 1
}

func main() {
	arr := [3]int{1, 2, 3}
	arr2 := modArray(arr)
	fmt.Println(arr, arr2)
	sl := []int{1, 2, 3}
	modSlice(sl)
	fmt.Println(sl)
	sl2 := appendSlice(sl[:3:3])
	fmt.Println(sl, sl2)
	sl3 := make([]int, 3, 10)
	sl4 := appendSlice(sl3)
	fmt.Println(sl3, sl4)
	b := big{[3]int{7, 8, 9}, "orig"}
	modStruct(b)
	fmt.Println(b)
	modStructPtr(&b)
	fmt.Println(b)
	m := map[string]int{}
	modMap(m)
	fmt.Println(m, len(m))
}
