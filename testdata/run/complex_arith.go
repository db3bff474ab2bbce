package main

import (
	"fmt"
	"math"
)

func div(a, b complex128) complex128 { return a / b }

func div64(a, b complex64) complex64 { return a / b }

func main() {
	x := complex(3, 4)
	y := complex(-1.5, 0.25)
	fmt.Println(x+y, x-y, x*y, x/y, -x, x*x)
	fmt.Println(real(x*y), imag(x/y))
	inf, nan := math.Inf(1), math.NaN()
	zero := complex(0, 0)
	negz := complex(math.Copysign(0, -1), 0)
	cases := [][2]complex128{
		{1 + 1i, zero},
		{-1 + 0i, zero},
		{complex(0, -2), zero},
		{zero, zero},
		{1 + 1i, negz},
		{complex(inf, 0), 1 + 1i},
		{complex(inf, inf), 2},
		{complex(nan, 1), zero},
		{1 + 1i, complex(inf, 0)},
		{1 + 1i, complex(inf, inf)},
		{complex(nan, nan), 1},
		{1, complex(1e-310, 1e-310)},
		{complex(1e308, 1e308), complex(1e308, 1e308)},
		{complex(1, 2), complex(0, 1e-320)},
	}
	for _, c := range cases {
		fmt.Println(c[0], "/", c[1], "=", div(c[0], c[1]))
	}
	fmt.Println(div64(1+1i, 0), div64(complex64(complex(inf, 0)), 1+1i), div64(1, 3))
	var a complex64 = complex(1.1, 2.3)
	b := a
	a *= a
	fmt.Println(a, b*b*b, b/3, b+0.1, b-0.1)
	var s complex128 = 1
	for i := 0; i < 10; i++ {
		s = s*(0.5+0.5i) + 1i
	}
	fmt.Println(s)
	s += 2
	s -= 1i
	s *= 2
	s /= 1i
	s++
	s--
	fmt.Println(s, s == s, s != s)
	n := complex(nan, 0)
	fmt.Println(n == n, n != n, zero == negz)
	p := &s
	*p += 1
	fmt.Println(*p)
}
