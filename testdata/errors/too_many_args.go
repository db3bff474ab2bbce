package main

import "fmt"

func double(n int) int {
	return n * 2
}

func main() {
	fmt.Println(double(1, 2))
}
