package main

import (
	"errors"
	"fmt"
)

type G struct{ n int }

func (g G) GoString() string { return fmt.Sprintf("G<%d>", g.n) }
func (g G) String() string   { return "str" }

type E struct{}

func (E) Error() string { return "err" }

type Outer struct {
	In  G
	Ptr *G
	E   E
}

func main() {
	fmt.Printf("%#v|%v|%s|%+v\n", G{1}, G{2}, G{3}, G{4})
	fmt.Printf("%#v\n", Outer{G{5}, &G{6}, E{}})
	fmt.Printf("%#v %#v\n", []G{{7}, {8}}, map[string]G{"a": {9}})
	fmt.Printf("%#v %#v\n", E{}, errors.New("x") == nil)
	fmt.Printf("[%10s] [%-8v] [%#12v]\n", G{1}, G{2}, G{3})
	var gp *G
	fmt.Printf("%#v\n", gp)
}
