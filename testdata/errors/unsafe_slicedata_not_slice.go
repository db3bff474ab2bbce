package main

import "unsafe"

func main() {
	s := "abc"
	_ = unsafe.SliceData(s)
}
