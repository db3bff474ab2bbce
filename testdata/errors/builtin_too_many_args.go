package main

import "fmt"

func main() {
	s := []int{1}
	fmt.Println(cap(s, s))
}
