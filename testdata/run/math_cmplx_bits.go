// math/cmplx on random arguments (several distributions), results as bits.
package main

import (
	"fmt"
	"math"
	"math/cmplx"
)

var s uint64 = 88172645463325252

func rnd() float64 {
	s ^= s << 13
	s ^= s >> 7
	s ^= s << 17
	switch s % 4 {
	case 0:
		return float64(int64(s>>11)%2000-1000) / 100
	case 1:
		return math.Float64frombits(s>>1 | (s&1)<<63)
	case 2:
		return math.Ldexp(float64(s>>12)/(1<<52)-0.5, int(s%100)-50)
	}
	return float64(int64(s>>40)%20000-10000) / 1000
}

func main() {
	fs := map[string]func(complex128) complex128{
		"Sqrt": cmplx.Sqrt, "Exp": cmplx.Exp, "Log": cmplx.Log, "Log10": cmplx.Log10, "Sin": cmplx.Sin, "Cos": cmplx.Cos,
		"Tan": cmplx.Tan, "Cot": cmplx.Cot, "Sinh": cmplx.Sinh, "Cosh": cmplx.Cosh, "Tanh": cmplx.Tanh, "Asin": cmplx.Asin,
		"Acos": cmplx.Acos, "Atan": cmplx.Atan, "Asinh": cmplx.Asinh, "Acosh": cmplx.Acosh, "Atanh": cmplx.Atanh, "Conj": cmplx.Conj,
	}
	names := []string{"Sqrt", "Exp", "Log", "Log10", "Sin", "Cos", "Tan", "Cot", "Sinh", "Cosh", "Tanh", "Asin", "Acos", "Atan", "Asinh", "Acosh", "Atanh", "Conj"}
	for _, n := range names {
		for i := 0; i < 60; i++ {
			z := complex(rnd(), rnd())
			r := fs[n](z)
			fmt.Printf("%s %x %x %x %x\n", n, math.Float64bits(real(z)), math.Float64bits(imag(z)), math.Float64bits(real(r)), math.Float64bits(imag(r)))
		}
	}
	for i := 0; i < 60; i++ {
		z, w := complex(rnd(), rnd()), complex(rnd(), rnd())
		r := cmplx.Pow(z, w)
		fmt.Printf("Pow %x %x %x\n", z, w, r)
		fmt.Printf("Abs/Phase %x %x\n", cmplx.Abs(z), cmplx.Phase(z))
	}
}
