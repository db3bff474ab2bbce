// The bits of the NaNs and signed zeros that package math returns:
// Go's own NaN(), quieted signalling NaNs, payloads passed through.
package main

import (
	"fmt"
	"math"
)

func main() {
	ins := []float64{
		math.NaN(), -math.NaN(), math.Float64frombits(0x7ff0000000000001), math.Float64frombits(0xfff4000000000123),
		math.Float64frombits(0x7ff8000000000000), math.Inf(1), math.Inf(-1), 0, math.Copysign(0, -1), -1, 2,
	}
	f1 := []struct {
		name string
		f    func(float64) float64
	}{
		{"Round", math.Round},
		{"RoundToEven", math.RoundToEven}, {"Sqrt", math.Sqrt}, {"Abs", math.Abs}, {"Exp", math.Exp},
		{"Log", math.Log}, {"Log2", math.Log2}, {"Log1p", math.Log1p}, {"Sin", math.Sin}, {"Cos", math.Cos},
		{"Tan", math.Tan}, {"Atan", math.Atan}, {"Asin", math.Asin}, {"Sinh", math.Sinh}, {"Tanh", math.Tanh},
		{"Cbrt", math.Cbrt}, {"Gamma", math.Gamma}, {"Erf", math.Erf}, {"J0", math.J0}, {"Y1", math.Y1},
		{"Expm1", math.Expm1}, {"Exp2", math.Exp2}, {"Acosh", math.Acosh}, {"Atanh", math.Atanh},
	}
	for _, f := range f1 {
		fmt.Printf("%-12s", f.name)
		for _, x := range ins {
			fmt.Printf(" %x", math.Float64bits(f.f(x)))
		}
		fmt.Println()
	}
	// Called directly (not through a func value, where Go's assembly leaves
	// a signalling NaN as it is), Floor, Ceil and Trunc quiet a NaN.
	for _, x := range ins {
		fmt.Printf("%x %x %x\n", math.Float64bits(math.Floor(x)), math.Float64bits(math.Ceil(x)), math.Float64bits(math.Trunc(x)))
	}
	for _, x := range ins {
		i, fr := math.Modf(x)
		s, c := math.Sincos(x)
		l, sg := math.Lgamma(x)
		fmt.Printf("%x: modf %x %x sincos %x %x lgamma %x %d max %x min %x pow %x %x hypot %x\n",
			math.Float64bits(x), math.Float64bits(i), math.Float64bits(fr), math.Float64bits(s), math.Float64bits(c),
			math.Float64bits(l), sg, math.Float64bits(math.Max(x, 1)), math.Float64bits(math.Min(-1, x)),
			math.Float64bits(math.Pow(x, 0.5)), math.Float64bits(math.Pow(2, x)), math.Float64bits(math.Hypot(x, 1)))
	}
	fmt.Println(math.IsNaN(math.NaN()), math.NaN() == math.NaN(), math.Signbit(-math.NaN()), math.Float32bits(float32(math.NaN())))
}
