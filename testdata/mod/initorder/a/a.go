package a

import (
	"fmt"

	"example.com/m/b"
)

var A = b.Trace("a.A") + X

func init() { fmt.Println("init a #1") }

func init() { fmt.Println("init a #2") }
