package main

import "unsafe"

func main() {
	println(unsafe.Sizeof(int))
}
