package main

import "fmt"

// Constant conversions round the exact value once, to the target type.
func main() {
	const big = 1<<128 - 1<<104 + 1<<103 - 1 // just below float32's overflow threshold
	fmt.Println(float32(big), float32(-big))
	const max32 = 3.40282346638528859811704183484516925440e+38
	fmt.Println(float32(max32) == float32(big))
	fmt.Println(float32(1e-45), float32(1.4e-45), float32(0.7e-45), float32(0.71e-45))
	fmt.Println(float64(4.9e-324), float64(2.5e-324), float64(1.7976931348623157e308))
	fmt.Println(float32(0.1), float32(16777217), float32(16777219), float64(9007199254740993))
	var f32 float32 = 1.0000001
	fmt.Println(f32, float32(1)/3)
	const third = 1.0 / 3
	fmt.Println(float32(third), float64(third))
	fmt.Println(float32(1<<24+1), float32(1<<25+3), float32(-(1<<24 + 3)))
	const half = 0x1.000001p0 // exactly between two float32 values: ties to even
	fmt.Println(float32(half) == 1, float32(0x1.000003p0) == 0x1.000004p0)
}
