package main

import "fmt"

func main() {
	var v interface{} = 3
	var n int = v
	fmt.Println(n)
}
