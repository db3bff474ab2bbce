package main

import "unsafe"

func main() {
	var s struct{ a, b int64 }
	var x int8 = unsafe.Sizeof(s)
	_ = x
}
