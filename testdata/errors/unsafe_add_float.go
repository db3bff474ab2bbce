package main

import "unsafe"

func main() {
	x := 1
	_ = unsafe.Add(unsafe.Pointer(&x), 1.5)
}
