package main

import (
	_ "embed"
	"fmt"
)

//go:embed embed_data/*.txt
var s string

func main() { fmt.Println(s) }
