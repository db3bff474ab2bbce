package main

import "fmt"

func single() int {
	return 1
}

func main() {
	a, b := single()
	fmt.Println(a, b)
}
