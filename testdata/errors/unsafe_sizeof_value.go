package main

import "unsafe"

func main() {
	f := unsafe.Sizeof
	_ = f
}
