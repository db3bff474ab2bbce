package main

// A panic value's newlines are printed followed by a tab (Go's
// printindented), whether the value is a string, an error, a Stringer or
// a defined string type, and in every [recovered] line too.

import (
	"errors"
	"fmt"
)

type name string

type shown struct{}

func (shown) String() string { return "two\nlines" }

func try(f func()) {
	defer func() { fmt.Printf("recovered %q\n", fmt.Sprint(recover())) }()
	f()
}

func main() {
	try(func() { panic(name("a\nb")) })
	try(func() { panic(shown{}) })
	defer func() {
		recover()
		panic(errors.New("first line\nsecond line\n"))
	}()
	panic("x\ny")
}
