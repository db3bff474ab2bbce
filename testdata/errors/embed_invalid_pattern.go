package main

import (
	_ "embed"
	"fmt"
)

//go:embed ../embed_data/one.txt
var s string

func main() { fmt.Println(s) }
