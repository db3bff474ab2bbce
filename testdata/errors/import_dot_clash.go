package main

import (
	"fmt"
	. "strings"
)

func Repeat(s string, n int) string {
	return s
}

func main() {
	fmt.Println(Repeat("a", 3))
}
