package main

import (
	"errors"
	"fmt"
)

func mustPositive(n int) int {
	if n < 0 {
		panic(errors.New("negative input"))
	}
	return n
}

func main() {
	for _, n := range []int{3, 1, -4, 5} {
		fmt.Println("ok:", mustPositive(n))
	}
}
