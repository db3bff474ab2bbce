package main

import "fmt"

func main() {
	n := 3
	if n {
		fmt.Println("nonzero")
	}
}
