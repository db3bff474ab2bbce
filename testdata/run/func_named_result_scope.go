package main

import (
	"errors"
	"fmt"
)

func g(n int) (int, error) {
	if n < 0 {
		return 0, errors.New("negative")
	}
	return n * 2, nil
}

// Parameters, results and the body's top level share one block: `:=`
// reuses the named result `value` and declares only `err`.
func f(n int) (value int) {
	value, err := g(n)
	if err != nil {
		return -1
	}
	return
}

func h(n int) (out string, err error) {
	v, err := g(n)
	out = fmt.Sprint("v=", v)
	return
}

func shadow(n int) (r int) {
	r = 1
	{
		r, x := 5, 6 // inner block: a new r
		_ = r + x
	}
	return
}

func main() {
	fmt.Println(f(21), f(-1))
	fmt.Println(h(4))
	fmt.Println(h(-4))
	fmt.Println(shadow(0))
}
