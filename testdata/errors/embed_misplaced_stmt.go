package main

import (
	_ "embed"
	"fmt"
)

func main() {
	// A statement between the directive and the var drops the directive.
	//go:embed embed_data/one.txt
	fmt.Println()
	var s string
	fmt.Println(s)
}
