package main

import "fmt"

func label(n int) string {
	x := n * 2
	return x
}

func main() {
	fmt.Println(label(3))
}
