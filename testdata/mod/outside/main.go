package main

import (
	"fmt"

	"github.com/x/y"
)

func main() { fmt.Println(y.X) }
