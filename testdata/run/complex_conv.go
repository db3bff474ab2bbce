package main

import "fmt"

type C complex128

func widen(c complex64) complex128 { return complex128(c) }

func narrow(c complex128) complex64 { return complex64(c) }

func main() {
	c := complex(0.1, 1e-50)
	n := narrow(c)
	fmt.Println(n, widen(n), widen(n) == c)
	fmt.Println(narrow(complex(1e39, -1e39)), narrow(complex(16777217, 0.3)))
	var f32 float32 = 0.1
	var f64 float64 = 0.1
	fmt.Println(complex(f32, f32), complex(f64, f64))
	fmt.Println(real(n), imag(n))
	fmt.Printf("%T %T\n", real(n), real(c))
	var t C = C(c)
	fmt.Printf("%v %T %T\n", t, t, complex128(t))
	var u complex64 = complex64(t)
	fmt.Println(u)
	cs := []complex64{1, 2i, 3 + 3i}
	total := complex64(0)
	for _, v := range cs {
		total += v
	}
	fmt.Println(total, complex128(total)*2)
}
