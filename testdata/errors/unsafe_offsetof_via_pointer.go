package main

import "unsafe"

type In struct{ z int }

type S struct {
	a int
	*In
}

func main() {
	var s S
	println(unsafe.Offsetof(s.z))
}
