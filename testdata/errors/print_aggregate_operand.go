// gc's back end refuses a struct or array operand of print/println, and
// prints struct and interface literals with blanks inside the braces.
package main

func main() {
	println([1]struct {
		a int
		b interface{ M() }
		c interface{}
		d struct{}
	}{})
}
