package main

import "fmt"

func main() {
	x := 1
	if x > 0 {
		break
	}
	fmt.Println(x)
}
