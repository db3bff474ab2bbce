package main

import (
	"fmt"
	"math"
	"unsafe"
)

func float64bits(f float64) uint64 { return *(*uint64)(unsafe.Pointer(&f)) }

func float64frombits(b uint64) float64 { return *(*float64)(unsafe.Pointer(&b)) }

type Point struct{ X, Y int }

type Vec struct{ A, B int }

type Celsius float64

type Header struct {
	Len  int
	Name string
}

type Record struct {
	Header
	Data []byte
}

func main() {
	// math.Float64bits / Float64frombits the unsafe way.
	for _, f := range []float64{0, 1, -2.5, math.Pi, math.Inf(-1), 1e-310} {
		b := float64bits(f)
		fmt.Printf("%v %#016x %v %v\n", f, b, b == math.Float64bits(f), float64frombits(b) == f)
	}
	var nz uint64 = 0x7ff8000000000001
	fmt.Println(math.IsNaN(float64frombits(nz)))

	// Writes through a converted pointer are seen by the original.
	f := 1.0
	*(*uint64)(unsafe.Pointer(&f)) |= 1 << 63
	fmt.Println(f)
	n := int64(-1)
	u := (*uint64)(unsafe.Pointer(&n))
	fmt.Println(*u)
	*u = 42
	fmt.Println(n)
	c := Celsius(36.6)
	fmt.Println(*(*float64)(unsafe.Pointer(&c)))

	// Struct pointer casts between identical layouts.
	p := Point{1, 2}
	v := (*Vec)(unsafe.Pointer(&p))
	v.A, v.B = v.B, v.A+10
	fmt.Println(p, *v)

	// A pointer to a struct is a pointer to its first field.
	r := Record{Header{3, "abc"}, []byte("xyz")}
	h := (*Header)(unsafe.Pointer(&r))
	h.Len = 7
	fmt.Println(r.Len, r.Name, h.Name)
	ln := (*int)(unsafe.Pointer(&r))
	*ln = 9
	fmt.Println(r.Len)

	// *T as *[1]T and back, arrays and their elements.
	x := 5
	one := (*[1]int)(unsafe.Pointer(&x))
	one[0]++
	fmt.Println(x, len(one))
	arr := [4]int32{10, 20, 30, 40}
	first := (*int32)(unsafe.Pointer(&arr))
	*first = 11
	two := (*[2]int32)(unsafe.Pointer(&arr))
	two[1] = 21
	fmt.Println(arr, *two)
	words := [3]uint64{1, 2, 3}
	ints := (*[3]int64)(unsafe.Pointer(&words))
	ints[2] = -1
	fmt.Println(words)

	// Pointers to pointers, slices and strings of the same layout.
	ip := &x
	pp := (**int)(unsafe.Pointer(&ip))
	fmt.Println(**pp)
	us := []uint64{1, 2}
	is := *(*[]int64)(unsafe.Pointer(&us))
	is[0] = -5
	fmt.Println(us[0] == math.MaxUint64-4, len(is))
	type MyString string
	ms := MyString("hello")
	fmt.Println(*(*string)(unsafe.Pointer(&ms)))

	// unsafe.Pointer values: nil, comparison, uintptr addresses.
	var np unsafe.Pointer
	fmt.Println(np == nil, unsafe.Pointer(nil) == np)
	fmt.Println((*int)(np) == nil)
	a1 := unsafe.Pointer(&x)
	a2 := unsafe.Pointer(&x)
	a3 := unsafe.Pointer(&f)
	fmt.Println(a1 == a2, a1 != a3, a1 != nil)
	fmt.Println(uintptr(a1) == uintptr(a2), uintptr(a1) != 0, uintptr(np))
	fmt.Println(unsafe.Pointer(&r) == unsafe.Pointer(&r.Header), unsafe.Pointer(&arr) == unsafe.Pointer(&arr[0]))
	xs := []int{1, 2, 3}
	fmt.Println(uintptr(unsafe.Pointer(&xs[2]))-uintptr(unsafe.Pointer(&xs[0])), unsafe.Pointer(&xs[1]) == unsafe.Pointer(&xs[0]))
	bs := []byte("hello")
	fmt.Println(uintptr(unsafe.Pointer(&bs[4])) - uintptr(unsafe.Pointer(&bs[1])))
	seen := map[unsafe.Pointer]int{}
	seen[unsafe.Pointer(&x)]++
	seen[unsafe.Pointer(&x)]++
	seen[unsafe.Pointer(&f)]++
	fmt.Println(len(seen), seen[a1])
	var anyp any = a1
	fmt.Printf("%T %v\n", anyp, anyp != nil)
	back := (*int)(a1)
	*back = 100
	fmt.Println(x, unsafe.Pointer(uintptr(0)) == nil)
}
