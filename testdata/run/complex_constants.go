package main

import "fmt"

const (
	a = 2i
	b = 1.5e3i
	c = 0x1p-2i
	d = 1 + 2i
	e = complex(1, 2)
	f = 0123i
	g = 0b101i
	h = 0o17i
	k = 1_000i
)

const big = (1e300 + 1e300i) * (1e300 + 1e300i) / (1e300 + 1e300i) / 1e300

const exact = (1.0/3 + 2i) * 3

type Celsius complex64

func main() {
	fmt.Println(a, b, c, d, e, f, g, h, k)
	fmt.Println(d == e, d != e, a*a, real(d), imag(d))
	fmt.Println(big, exact)
	const r = real(1 + 2i)
	var x float32 = r
	var y int = imag(1 + 2i)
	var z uint8 = real(200 + 0i)
	fmt.Println(x, y, z)
	var i int = 3 + 0i
	var fl float64 = 2.5 + 0i
	fmt.Println(i, fl)
	var c64 complex64 = 1.1 + 2.2i
	var c128 complex128 = 1.1 + 2.2i
	fmt.Println(c64, c128, complex128(c64) == c128)
	fmt.Printf("%T %T %T\n", a, e, c64)
	var n Celsius = 3i
	fmt.Printf("%v %T\n", n, n)
	const typed complex64 = 1 << 24 + 1
	fmt.Println(typed, real(typed))
	var any interface{} = 2i
	fmt.Printf("%T %v\n", any, any)
	const neg = -(1 + 2i)
	fmt.Println(neg, -a, +d)
	const q = (1 + 2i) / (3 + 4i)
	fmt.Println(q)
	var idx = []string{"a", "b", "c"}
	fmt.Println(idx[1+0i], len(idx) == 3+0i)
	fmt.Println(complex(float32(1), 2), complex(1, float32(2)))
}
