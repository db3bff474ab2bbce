package main

import (
	"embed"
	"fmt"
)

//go:embed embed_data/empty
var files embed.FS

func main() { fmt.Println(files) }
