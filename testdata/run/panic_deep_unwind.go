package main

import "fmt"

func level(n int) {
	defer fmt.Println("unwinding level", n)
	if n == 0 {
		var arr [4]int
		idx := n - 1
		arr[idx+len(arr)+1] = 1
	}
	level(n - 1)
}

func main() {
	fmt.Println("start")
	level(3)
}
