package main

import "unsafe"

func main() {
	x := 1
	var p *int = unsafe.Pointer(&x)
	_ = p
}
