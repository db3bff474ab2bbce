package main

import "fmt"

func main() {
	var s string
	x := 42
	s = x
	fmt.Println(s)
}
