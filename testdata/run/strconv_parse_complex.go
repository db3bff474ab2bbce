// strconv.ParseComplex over the forms Go accepts and rejects.
package main

import (
	"errors"
	"fmt"
	"strconv"
)

func main() {
	for _, s := range []string{
		"0", "1", "-1.5", "2i", "-2i", "i", "+i", "1+2i", "1-2i", "(1+2i)", "(3)", "((1+2i))",
		"1e3+4e-2i", "0x1p4+0x1.8p1i", "1_000+2i", "0x_1p0", "inf", "-Inf+NaNi", "NaN", "NaN+NaNi",
		"infi", "+infinityi", "-infi", "1++2i", "1+-2i", "1+2", "1+2j", "1 + 2i", "", "()", "(1+2i",
		"1e", "1e+i", "1.2.3", "0x1.8", "0x1.8p1", ".5-.5i", "5.+5.i", "1e400", "1e400+1i", "1+1e400i",
		"-1e-400-1e-400i", "3.4e39", "1I", "+nan", "nan+1i", "1+nan", "1+nani", "1-nani", "0b101", "0o7+1i",
	} {
		c, err := strconv.ParseComplex(s, 128)
		c64, err64 := strconv.ParseComplex(s, 64)
		fmt.Printf("%-18q %v %v | %v %v | range=%v\n", s, c, err, c64, err64, errors.Is(err, strconv.ErrRange) || errors.Is(err64, strconv.ErrRange))
	}
	var ne *strconv.NumError
	_, err := strconv.ParseComplex("x", 128)
	fmt.Println(errors.As(err, &ne), ne.Func, ne.Num, ne.Err)
}
