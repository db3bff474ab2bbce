package main

import (
	_ "embed"
	"fmt"
)

//go:embed embed_data/one.txt
func main() { fmt.Println("x") }
