package main

import (
	"fmt"
	"math"
	"strconv"
)

func main() {
	c := complex(1, 2)
	d := complex(-1.5, -0.0)
	e := complex(math.Inf(1), math.NaN())
	f := complex(math.Inf(-1), math.Inf(1))
	var g complex64 = complex(0.1, 1.0/3)
	fmt.Println(c, d, e, f, g)
	fmt.Printf("%v|%.2f|%g|%e|%E|%G\n", c, c, d, c, d, g)
	fmt.Printf("%8.3f|%-8.2f|%+.1f|%10v|%x\n", c, c, c, c, c)
	fmt.Printf("%+v|%#v|%T|%d|%s\n", d, c, g, c, c)
	fmt.Printf("%.3e|%08.2f\n", complex(12345.678, -0.001), c)
	fmt.Print(c, d, "\n")
	fmt.Println(fmt.Sprint(c, g), fmt.Sprintf("%v", []complex128{c, d}))
	fmt.Println(strconv.FormatComplex(c, 'f', 2, 128), strconv.FormatComplex(complex128(g), 'g', -1, 64))
	fmt.Println(strconv.FormatComplex(e, 'e', 3, 128))
	println(c, g, e, d)
	println(complex(1e21, 1e-7))
}
