package main

import (
	"fmt"

	"example.com/m/util"
)

func main() {
	fmt.Println(util.helper())
}
