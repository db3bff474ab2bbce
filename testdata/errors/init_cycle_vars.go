package main

import "fmt"

// Two variables whose initializers refer to each other: types2 reports the
// cycle from the init order, with a "refers to" line per step.
var x = y
var y = x

func main() {
	fmt.Println(x, y)
}
