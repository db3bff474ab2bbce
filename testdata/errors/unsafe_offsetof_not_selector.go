package main

import "unsafe"

func main() {
	x := 1
	println(unsafe.Offsetof(x))
}
