package main

import "fmt"

type B byte

func (b B) String() string { return fmt.Sprintf("B%d", byte(b)) }

type T bool

func (t T) Get() bool { return bool(t) }

type getter interface{ Get() bool }

func main() {
	arr := []B{7, 8, 9}
	var s fmt.Stringer = &arr[1]
	arr[1] = 42
	fmt.Println(s.String(), s)
	ts := [2]T{false, true}
	var g getter = &ts[1]
	fmt.Println(g.Get())
	var n int
	fmt.Sscan("200", &arr[0])
	_, err := fmt.Sscan("1", &n)
	fmt.Println(arr, n, err)
}
