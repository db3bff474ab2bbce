package main

import (
	_ "embed"
	"fmt"
)

//go:embed embed_data/one.txt
//go:embed embed_data/two.txt
var b []byte

func main() { fmt.Println(b) }
