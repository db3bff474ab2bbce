package main

import "fmt"

var saved func(int) bool

func keep(yield func(int) bool) {
	saved = yield
	yield(1)
}

func main() {
	for x := range keep {
		fmt.Println(x)
	}
	saved(5)
}
