package main

import (
	"errors"
	"fmt"
)

var ErrFatal = errors.New("fatal condition")

func main() {
	defer func() {
		r := recover()
		fmt.Println("recovered:", r, "- rethrowing the same value")
		panic(r)
	}()
	fmt.Println("about to fail")
	panic(ErrFatal)
}
