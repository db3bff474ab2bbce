package main

import (
	"fmt"

	"example.com/m/p"
)

func main() { fmt.Println(p.P) }
