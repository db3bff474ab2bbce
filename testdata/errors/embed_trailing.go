package main

import (
	_ "embed"
	"fmt"
)

var s string //go:embed embed_data/one.txt

func main() { fmt.Println(s) }
