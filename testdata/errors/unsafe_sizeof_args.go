package main

import "unsafe"

func main() {
	println(unsafe.Sizeof(1, 2))
}
