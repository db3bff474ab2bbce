package main

import (
	"fmt"
	"math"
)

type MyInt int16

func divs(x int64) (int64, int64, int64, int64) {
	return x / -1, x % -1, x / 7, x % 7
}

func main() {
	// Signed % keeps the dividend's sign (never a mask).
	for _, x := range []int{-9, -8, -7, -1, 0, 1, 7, 8, 9} {
		fmt.Println(x, x%2, x%8, x%-8, x/2, x/8, x/-3, x*3, 3*x, x&7, x&-8)
	}
	// Unsigned % 2^k is a mask; other unsigned constants are not.
	for _, u := range []uint{0, 1, 7, 8, 9, 1<<63 + 5, math.MaxUint64} {
		fmt.Println(u, u%2, u%8, u%1024, u%7, u/8, u*5, u&255)
	}
	var u8 uint8 = 250
	fmt.Println(u8*3, u8%16, u8/3, u8&7)
	var i8 int8 = -128
	fmt.Println(i8/-1, i8%-1, i8*3, i8*-1, i8%7, i8/7)
	var i16 MyInt = 32767
	fmt.Println(i16*2, i16%100, -i16/100)
	var i32 int32 = math.MinInt32
	fmt.Println(i32/-1, i32%-1, i32*-1)
	fmt.Println(divs(math.MinInt64))
	fmt.Println(divs(math.MaxInt64))
	fmt.Println(divs(-15))
	// Compound assignments with constants.
	a, b := 100, -100
	a %= 7
	b %= 7
	a *= -3
	b /= 9
	a &= 0xff
	b -= 32767
	fmt.Println(a, b)
	var w uint16 = 65535
	w *= 3
	w %= 64
	fmt.Println(w)
	// Wide loop bounds (constants past 16 bits) in every comparison.
	n := 0
	for i := 0; i < 100_000; i++ {
		n++
	}
	for i := 100_000; i <= 100_003; i++ {
		n += 2
	}
	for i := 200_000; i > 199_990; i-- {
		n += 3
	}
	for i := -100_000; i >= -100_002; i-- {
		n += 5
	}
	x := 1 << 40
	if x > 1<<39 {
		n++
	}
	if x < -(1 << 39) {
		n--
	}
	fmt.Println(n)
	// A divisor that is zero only at run time still panics.
	defer func() { fmt.Println("recovered:", recover()) }()
	zero := 0
	fmt.Println(7 % (zero + 0))
}
