package main

import "fmt"

func main() {
	x := 2
	switch x {
	case 1, 2:
		fmt.Println("a")
	case 3, 1 + 1:
		fmt.Println("b")
	}
}
