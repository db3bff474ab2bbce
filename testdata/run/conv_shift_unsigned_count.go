package main

import (
	"fmt"
	"math"
)

func main() {
	// An unsigned count is never negative, however large.
	var s uint64 = 1 << 63
	fmt.Println(1<<s, 1>>s, -1>>s, uint(7)>>s)
	var s2 uint = math.MaxUint64
	x := int32(-5)
	fmt.Println(x>>s2, x<<s2, uint8(200)>>s2)
	var s3 uintptr = 1<<64 - 2
	y := int64(-1)
	y >>= s3
	z := uint64(1)
	z <<= s3
	fmt.Println(y, z)
	for _, c := range []uint64{0, 1, 63, 64, 65, 1 << 62, 1<<64 - 1} {
		fmt.Println(c, int64(-8)>>c, uint64(1)<<c, int8(1)<<c)
	}
	defer func() { fmt.Println("recovered:", recover()) }()
	n := -1
	fmt.Println(1 << n)
}
