package main

import (
	"fmt"
	"os"

	"example.com/m/internal/util"
	strs "example.com/m/internal/util/text"
)

func main() {
	fmt.Println(util.Double(21), strs.Shout("hi"), len(os.Args))
	var c util.Counter
	c.Inc()
	c.Inc()
	fmt.Println(c.N)
}
