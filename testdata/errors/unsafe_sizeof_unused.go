package main

import "unsafe"

func main() {
	x := 1
	unsafe.Sizeof(x)
}
