package main

import (
	"fmt"

	"example.com/m/nope"
)

func main() { fmt.Println(nope.X) }
