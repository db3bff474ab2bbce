package main

import "unsafe"

type S struct{ a int }

func main() {
	var s S
	println(unsafe.Offsetof(s.b))
}
