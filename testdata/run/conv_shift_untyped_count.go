// Shift counts that are untyped float and complex constants (Go's
// test/shift3.go): the count converts to uint, the shift stays an int shift.
package main

import (
	"fmt"
	"math"
)

func f(x, y int) {
	if x != y {
		panic(fmt.Sprintf("%d != %d", x, y))
	}
	fmt.Println(x)
}

func main() {
	var x int = 1
	f(x<<1, 2)
	f(x<<1., 2)
	f(x<<(1+0i), 2)
	f(x<<0i, 1)

	f(x<<(1<<x), 4)
	f(x<<(1.<<x), 4)
	f(x<<((1+0i)<<x), 4)
	f(x<<(0i<<x), 1)

	// corner cases
	const M = math.MaxUint
	f(x<<(M+0), 0)     // shift by untyped int representable as uint
	f(x<<(M+0.), 0)    // shift by untyped float representable as uint
	f(x<<(M+0.+0i), 0) // shift by untyped complex representable as uint

	var u8 uint8 = 3
	fmt.Println(u8<<(2+0i), u8>>1., int64(5)<<(3.0+0i))
	y := 7
	y <<= 1 + 0i
	y >>= 2.
	fmt.Println(y)
}
