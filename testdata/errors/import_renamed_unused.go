package main

import (
	"fmt"
	str "strings"
)

func main() {
	fmt.Println("hi")
}
