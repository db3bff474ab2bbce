package main

import (
	_ "embed"
	"fmt"
)

func main() {
	//go:embed embed_data/one.txt
	var s string
	fmt.Println(s)
}
