package main

import "fmt"

func bad(yield func(int) bool) {
	yield(1)
	yield(2)
}

func main() {
	defer func() { fmt.Println("recovered:", recover()) }()
	for x := range bad {
		fmt.Println(x)
		break
	}
}
