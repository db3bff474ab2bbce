package main

import (
	"fmt"

	"example.com/m/a/sub"
	"example.com/m/x"
)

func main() { fmt.Println(sub.Y, x.Z) }
