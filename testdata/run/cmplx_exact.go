package main

import (
	"fmt"
	"math"
	"math/cmplx"
)

func main() {
	// Exact bits where no libm rounding is involved.
	fmt.Printf("%x\n", math.Float64bits(math.NaN()))
	fmt.Printf("%x\n", math.Float64bits(real(cmplx.NaN())))
	fmt.Println(math.Hypot(3, 4), math.Hypot(-2.5, 0.5), math.Hypot(1e-10, 1e-10), math.Hypot(math.Inf(-1), math.NaN()), math.Hypot(0, 0))
	fmt.Println(cmplx.Sqrt(-4), cmplx.Sqrt(complex(-4, math.Copysign(0, -1))), cmplx.Sqrt(-2.5+0.5i), cmplx.Sqrt(1e-10+1e-10i))
	fmt.Println(cmplx.Abs(3+4i), cmplx.Conj(1-2i), cmplx.Inf(), cmplx.IsInf(cmplx.Inf()), cmplx.IsNaN(cmplx.NaN()))
}
