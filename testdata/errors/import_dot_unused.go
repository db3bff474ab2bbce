package main

import (
	"fmt"
	. "strings"
)

func main() {
	fmt.Println("hi")
}
