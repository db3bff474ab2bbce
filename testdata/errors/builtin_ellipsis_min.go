package main

import "fmt"

func main() {
	s := []int{3, 1}
	fmt.Println(min(s...))
}
