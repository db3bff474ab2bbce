package main

import (
	"fmt"
	"os"
)

var A = B + 1

func init() { fmt.Println("init a.go #1", A, B) }

func main() {
	fmt.Println("main", helper(), os.Args[1:])
}

func init() { fmt.Println("init a.go #2") }
