package main

import (
	"fmt"

	"example.com/m/a/sub"
)

func main() { fmt.Println(sub.Y) }
