package main

import "fmt"

func rec(yield func(int) bool) {
	defer func() { recover() }()
	yield(1)
}

func main() {
	for x := range rec {
		fmt.Println(x)
		panic("boom")
	}
	fmt.Println("after")
}
