package main

import "fmt"

func main() {
	x := 2
	goto two
	switch x {
	case 1:
		fmt.Println("one")
	case 2:
	two:
		fmt.Println("two")
	}
}
