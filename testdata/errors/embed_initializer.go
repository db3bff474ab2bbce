package main

import (
	_ "embed"
	"fmt"
)

//go:embed embed_data/one.txt
var s string = "default"

func main() { fmt.Println(s) }
