package main

import (
	"fmt"
	"math"
)

func main() {
	fmt.Println(math.Sqrt(2), math.Pow(2, 10), math.Pow(2, 0.5), math.Abs(-3.5))
	fmt.Println(math.Floor(2.7), math.Ceil(2.1), math.Floor(-2.5), math.Ceil(-2.5), math.Trunc(-2.7), math.Round(2.5), math.Round(-2.5))
	fmt.Println(math.Max(3, 7), math.Min(3, 7), math.Mod(7, 3), math.Mod(-7, 3))
	fmt.Println(math.Pi, math.E)
	fmt.Printf("%.6f %.6f %.6f\n", math.Sin(math.Pi/6), math.Cos(0), math.Tan(math.Pi/4))
	fmt.Printf("%.6f %.6f %.6f %.6f\n", math.Log(math.E), math.Log2(1024), math.Log10(0.001), math.Exp(1))
	fmt.Println(math.Inf(1), -math.Inf(1), math.IsInf(math.Inf(-1), -1), math.IsNaN(math.NaN()))
	nan := math.NaN()
	fmt.Println(nan == nan, nan < 1, nan > 1, math.Sqrt(-1))
	fmt.Println(math.MaxInt64, math.MinInt64, math.MaxInt32, math.MaxUint16, math.MaxInt8)
	fmt.Println(uint64(math.MaxUint64), math.MaxInt)
	fmt.Println(math.Hypot(3, 4), math.Cbrt(27), math.Signbit(-0.0), math.Signbit(math.Copysign(0, -1)))
	fmt.Printf("%.4f\n", math.Atan2(1, 1)*4)
	frac, ip := math.Modf(3.75)
	fmt.Println(ip, frac)
	x := 10
	fmt.Println(math.Sqrt(float64(x)), int(math.Sqrt(float64(x))))
	dist := func(x1, y1, x2, y2 float64) float64 {
		return math.Sqrt((x2-x1)*(x2-x1) + (y2-y1)*(y2-y1))
	}
	fmt.Printf("%.3f\n", dist(0, 0, 1, 1))
}
