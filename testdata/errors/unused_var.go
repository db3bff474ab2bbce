package main

import "fmt"

func main() {
	x := 10
	y := 20
	fmt.Println(y)
}
