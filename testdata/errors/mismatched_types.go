package main

import "fmt"

func main() {
	a := 1
	b := "two"
	fmt.Println(a + b)
}
