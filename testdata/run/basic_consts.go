package main

import "fmt"

const Pi = 3.14159
const (
	A = iota
	B
	C
	_
	E
)

type Weekday int

const (
	Sunday Weekday = iota
	Monday
	Tuesday
)

const (
	KB = 1 << (10 * (iota + 1))
	MB
	GB
)

const (
	x0, y0 = iota, iota * 10
	x1, y1
	x2, y2
)

func main() {
	fmt.Println(Pi, A, B, C, E)
	fmt.Println(Sunday, Monday, Tuesday)
	fmt.Printf("%T %T\n", Monday, A)
	fmt.Println(KB, MB, GB)
	fmt.Println(x0, y0, x1, y1, x2, y2)
	const huge = 1 << 100
	fmt.Println(huge >> 98)
	const f = 1.0 / 3
	var f32 float32 = f
	fmt.Println(f, f32)
	const typed int64 = 5
	fmt.Printf("%T %v\n", typed, typed*2)
	var d float64 = 3
	fmt.Println(d / 2)
	const s = "const" + "ant"
	fmt.Println(s, len(s))
	const c = 'x'
	fmt.Printf("%T %v %T\n", c, c, c+1.0)
	var i8 int8 = 127 - 1
	fmt.Println(i8)
	fmt.Println(10/4, 10/4.0, 10.0/4)
}
