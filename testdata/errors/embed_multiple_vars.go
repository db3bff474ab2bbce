package main

import (
	_ "embed"
	"fmt"
)

//go:embed embed_data/one.txt
var a, b string

func main() { fmt.Println(a, b) }
