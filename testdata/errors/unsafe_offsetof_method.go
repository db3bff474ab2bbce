package main

import "unsafe"

type T struct{ a int }

func (T) M() {}

func main() {
	var t T
	println(unsafe.Offsetof(t.M))
}
