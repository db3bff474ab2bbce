package main

import (
	"fmt"
	"os"
)

type Code int

func main() {
	fmt.Println("to stdout")
	fmt.Fprintln(os.Stderr, "to stderr before panic")
	defer func() {
		fmt.Println("deferred, not recovering")
	}()
	var c Code = 42
	panic(c)
}
