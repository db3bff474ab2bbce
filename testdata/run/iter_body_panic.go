package main

import "fmt"

func gen(yield func(int) bool) {
	defer fmt.Println("iterator cleanup")
	for i := 0; ; i++ {
		if !yield(i) {
			return
		}
	}
}

func main() {
	for x := range gen {
		fmt.Println(x)
		if x == 2 {
			var m map[string]int
			m["a"] = 1
		}
	}
}
