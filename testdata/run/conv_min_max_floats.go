package main

import (
	"fmt"
	"math"
)

type Celsius float32

func main() {
	nan, inf := math.NaN(), math.Inf(1)
	// Any NaN argument makes the result NaN, even against +Inf.
	fmt.Println(max(1, nan), max(nan, 1), min(1, nan), min(nan, 1))
	fmt.Println(max(1.0, 2, nan), min(3.0, nan, 2), max(inf, nan), min(-inf, nan))
	// -0 is less than +0.
	z, nz := 0.0, math.Copysign(0, -1)
	fmt.Println(math.Signbit(min(z, nz)), math.Signbit(min(nz, z)),
		math.Signbit(max(nz, z)), math.Signbit(max(z, nz)))
	fmt.Println(min(2.5, 1.5, 3.5), max(2.5, 1.5, 3.5), max(-inf, -1e308))
	var a, b Celsius = 36.6, 37.2
	fmt.Println(min(a, b), max(a, b, 40))
	x := []float64{3, -1, 7}
	fmt.Println(min(x[0], x[1], x[2]), max(x[0], x[1], x[2]))
	fmt.Println(min(3, 1, 2), max("b", "a", "c"), min(uint8(200), 100))
}
