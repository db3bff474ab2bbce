package main

import (
	"fmt"

	"example.com/m/a"
	"example.com/m/b"
)

var M = b.Trace("main.M")

func init() { fmt.Println("init main") }

func main() { fmt.Println("main", a.A, b.B, M) }
