package main

import "fmt"

func main() {
	fmt.Println("missing paren"
	fmt.Println("next")
}
