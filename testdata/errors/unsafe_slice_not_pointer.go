package main

import "unsafe"

func main() {
	x := 1
	_ = unsafe.Slice(x, 1)
}
