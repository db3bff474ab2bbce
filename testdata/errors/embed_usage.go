package main

import (
	_ "embed"
	"fmt"
)

//go:embed
var s string

func main() { fmt.Println(s) }
