package main

import (
	"fmt"
	"math"
)

// Out-of-range float → integer conversions are implementation-defined;
// these are gc's results on amd64 (CVTTSD2SQ/CVTTSD2SL).
func main() {
	big, nan, inf := 1e300, math.NaN(), math.Inf(1)
	fmt.Println(int32(big), int64(big), int(big), int8(big), int16(big))
	fmt.Println(uint8(big), uint16(big), uint32(big), uint64(big), uint(big))
	fmt.Println(int(nan), int32(nan), int8(nan), uint64(nan), uint32(nan))
	neg := -big
	fmt.Println(int32(neg), int64(neg), uint(neg), uint16(neg), uint64(neg))
	g := 3e9
	fmt.Println(int32(g), uint32(g), int8(g), int16(g+1), uint16(g))
	fmt.Println(uint64(1.8e19), int64(-inf), int32(inf), uint8(-inf))
	var f32 float32 = 3e9
	fmt.Println(int32(f32), int16(f32), uint32(f32), int64(f32))
	// In range: plain truncation toward zero, then the low bits.
	a, b, c, d, e := 300.7, -1.5, -70000.9, -2147483648.9, 2147483647.9
	fmt.Println(int8(a), uint8(b), int16(c), int32(d), int32(e), int32(d-1), int64(e))
}
