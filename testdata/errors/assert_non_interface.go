package main

import "fmt"

func main() {
	n := 5
	s, ok := n.(string)
	fmt.Println(s, ok)
}
