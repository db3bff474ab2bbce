package main

import (
	"fmt"
	"math"
)

type Pt struct {
	Z    complex128
	W    complex64
	Name string
}

type Shape interface{ Area() complex128 }

type Sq struct{ side complex128 }

func (s Sq) Area() complex128 { return s.side * s.side }

func kind(v interface{}) string {
	switch x := v.(type) {
	case complex64:
		return fmt.Sprint("complex64 ", x)
	case complex128:
		return fmt.Sprint("complex128 ", x)
	case float64:
		return "float64"
	}
	return "other"
}

func main() {
	p := Pt{Z: 1 + 2i, W: 3i, Name: "p"}
	q := p
	q.Z += 1
	fmt.Println(p, q, p == q, p == Pt{1 + 2i, 3i, "p"})
	fmt.Printf("%+v\n", q)
	var zp Pt
	fmt.Println(zp, zp.Z == 0)
	arr := [3]complex128{1, 2i}
	arr2 := arr
	arr2[2] = -1
	fmt.Println(arr, arr2, arr == arr2)
	s := make([]complex64, 2, 4)
	s = append(s, 1+1i, 2+2i)
	s[0] = s[3] * s[2]
	fmt.Println(s, len(s), cap(s))
	m := map[complex128]string{}
	m[1i] = "i"
	m[complex(0, 1)] += "!"
	m[complex(math.Copysign(0, -1), 0)] = "-0"
	m[0] = "+0"
	nan := complex(math.NaN(), 1)
	m[nan] = "nan1"
	m[nan] = "nan2"
	_, found := m[nan]
	fmt.Println(len(m), m[1i], m[0], found)
	delete(m, nan)
	fmt.Println(len(m))
	clean := map[complex64]int{1: 1, 1i: 2, -1: 3}
	fmt.Println(clean)
	var i1 interface{} = 1 + 2i
	var i2 interface{} = complex128(1 + 2i)
	var i3 interface{} = complex64(1 + 2i)
	fmt.Println(i1 == i2, i1 == i3, kind(i1), kind(i3), kind(1.5))
	var ni interface{} = nan
	fmt.Println(ni == ni)
	var sh Shape = Sq{2 + 1i}
	fmt.Println(sh.Area())
	ch := make(chan complex128, 1)
	ch <- 5i
	fmt.Println(<-ch)
	f := func(c complex128) func() complex128 {
		return func() complex128 { c *= 2; return c }
	}(1i)
	f()
	fmt.Println(f())
	ptr := new(complex64)
	*ptr = 7
	fmt.Println(*ptr)
	iface := map[interface{}]int{1i: 1, complex64(1i): 2}
	fmt.Println(iface[1i], iface[complex64(1i)])
}
