package main

import "fmt"

func main() {
	var x int = 1
	var x string = "again"
	fmt.Println(x)
}
