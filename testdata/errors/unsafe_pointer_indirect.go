package main

import (
	"fmt"
	"unsafe"
)

func main() {
	x := 1
	p := unsafe.Pointer(&x)
	fmt.Println(*p)
}
