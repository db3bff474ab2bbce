package main

import "fmt"

func main() {
	x := 8
	fmt.Println(x << 1.5)
}
