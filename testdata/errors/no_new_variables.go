package main

import "fmt"

func main() {
	a := 1
	a := 2
	fmt.Println(a)
}
