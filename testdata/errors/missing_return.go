package main

import "fmt"

func sign(n int) int {
	if n > 0 {
		return 1
	} else if n < 0 {
		return -1
	}
}

func main() {
	fmt.Println(sign(5))
}
