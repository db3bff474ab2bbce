package main

import (
	"fmt"

	"example.com/embederror/lib"
)

func main() { fmt.Println(lib.Data) }
