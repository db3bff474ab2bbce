package main

import (
	"fmt"
	"os"
)

func check(n int) {
	if n > 2 {
		fmt.Println("n too large, exiting with status 3")
		os.Exit(3)
	}
	fmt.Println("n ok:", n)
}

func main() {
	defer fmt.Println("deferred calls do not run on os.Exit")
	fmt.Fprintln(os.Stderr, "a message on stderr")
	for i := 0; i < 5; i++ {
		check(i)
	}
	fmt.Println("unreachable")
}
