package main

import (
	"embed"
	"fmt"
)

//go:embed embed_data/one.txt
var files *embed.FS

func main() { fmt.Println(files) }
