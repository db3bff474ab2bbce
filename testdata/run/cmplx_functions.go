package main

import (
	"fmt"
	"math"
	"math/cmplx"
)

func main() {
	inf, nan := math.Inf(1), math.NaN()
	zero := 0.0
	negz := math.Copysign(0, -1)
	vals := []complex128{
		0, complex(negz, 0), complex(0, negz), 1, -1, 1i, -1i, 2 + 3i, -2.5 + 0.5i, 0.3 - 0.7i,
		1e-10 + 1e-10i, 1e10 - 3i, -7 - 1e-3i, complex(math.Pi/2, 0.1), complex(math.Pi, 1e-9),
		complex(inf, 0), complex(-inf, 0), complex(0, inf), complex(0, -inf), complex(inf, inf),
		complex(nan, 0), complex(0, nan), complex(nan, nan), complex(inf, nan), complex(nan, inf),
		complex(1, zero), complex(0.5, 0.5), complex(100, 100), complex(-100, 50), complex(3e5, 1),
	}
	fns := []struct {
		name string
		f    func(complex128) complex128
	}{
		{"Sqrt", cmplx.Sqrt}, {"Exp", cmplx.Exp}, {"Log", cmplx.Log}, {"Log10", cmplx.Log10},
		{"Sin", cmplx.Sin}, {"Cos", cmplx.Cos}, {"Tan", cmplx.Tan}, {"Cot", cmplx.Cot},
		{"Sinh", cmplx.Sinh}, {"Cosh", cmplx.Cosh}, {"Tanh", cmplx.Tanh},
		{"Asin", cmplx.Asin}, {"Acos", cmplx.Acos}, {"Atan", cmplx.Atan},
		{"Asinh", cmplx.Asinh}, {"Acosh", cmplx.Acosh}, {"Atanh", cmplx.Atanh},
		{"Conj", cmplx.Conj},
	}
	for _, fn := range fns {
		for _, v := range vals {
			r := fn.f(v)
			fmt.Printf("%s(%v) = %.10g\n", fn.name, v, r)
		}
	}
	for _, v := range vals {
		fmt.Printf("%.10g %.10g %v %v\n", cmplx.Abs(v), cmplx.Phase(v), cmplx.IsNaN(v), cmplx.IsInf(v))
		r, th := cmplx.Polar(v)
		fmt.Printf("%.10g %.10g %.10g\n", r, th, cmplx.Rect(r, th))
		fmt.Printf("%.10g %.10g %.10g\n", cmplx.Pow(v, 2+1i), cmplx.Pow(v, 0.5), cmplx.Pow(v, -1))
	}
	fmt.Println(cmplx.Inf(), cmplx.NaN(), cmplx.Pow(0, -1), cmplx.Pow(0, -1+1i), cmplx.Pow(0, 0), cmplx.Pow(0, 2))
	fmt.Printf("%.10g %.10g %.10g %.10g %.10g %.10g %.10g %.10g %v %v\n", math.Asinh(0.5), math.Asinh(-3), math.Asinh(1e300), math.Acosh(1.5), math.Acosh(3), math.Acosh(1e300), math.Atanh(0.3), math.Atanh(-0.9), math.Atanh(1), math.Atanh(2))
}
