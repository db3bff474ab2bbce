package main

import "fmt"

// A generic type whose field instantiates it with a bigger argument.
type List[P any] struct {
	val  P
	next *List[*P]
}

func main() {
	var l List[int]
	fmt.Println(l.val)
}
