// Every function of package math on a spread of inputs, printed as the
// bits of the result (%x of Float64bits, %b of the float), so that a
// difference in the last bit shows.
package main

import (
	"fmt"
	"math"
)

var inputs = []float64{
	0, math.Copysign(0, -1), 1e-310, 2.5e-300, 1e-20, 3.7e-9, 0.1, 0.25, 0.5, 0.7, 0.84375, 1, 1.0001,
	1.5, 2, math.E, 3, math.Pi, 5.5, 7.25, 10, 21.5, 33.3, 100, 709.7, 1e10, 1e22, 1 << 40, 1e300,
	-0.1, -0.5, -1, -2.5, -3.75, -10, -100, -750, math.Inf(1), math.Inf(-1), math.NaN(),
}

func show(name string, x, r float64) {
	fmt.Printf("%-8s %-24v %016x %b\n", name, x, math.Float64bits(r), r)
}

func main() {
	f1 := []struct {
		name string
		f    func(float64) float64
	}{
		{"Abs", math.Abs}, {"Acos", math.Acos}, {"Acosh", math.Acosh}, {"Asin", math.Asin},
		{"Asinh", math.Asinh}, {"Atan", math.Atan}, {"Atanh", math.Atanh}, {"Cbrt", math.Cbrt},
		{"Ceil", math.Ceil}, {"Cos", math.Cos}, {"Cosh", math.Cosh}, {"Erf", math.Erf},
		{"Erfc", math.Erfc}, {"Erfinv", math.Erfinv}, {"Erfcinv", math.Erfcinv}, {"Exp", math.Exp},
		{"Exp2", math.Exp2}, {"Expm1", math.Expm1}, {"Floor", math.Floor}, {"Gamma", math.Gamma},
		{"J0", math.J0}, {"J1", math.J1}, {"Log", math.Log}, {"Log10", math.Log10},
		{"Log1p", math.Log1p}, {"Log2", math.Log2}, {"Logb", math.Logb}, {"Round", math.Round},
		{"RoundToEven", math.RoundToEven}, {"Sin", math.Sin}, {"Sinh", math.Sinh}, {"Sqrt", math.Sqrt},
		{"Tan", math.Tan}, {"Tanh", math.Tanh}, {"Trunc", math.Trunc}, {"Y0", math.Y0}, {"Y1", math.Y1},
	}
	for _, f := range f1 {
		for _, x := range inputs {
			show(f.name, x, f.f(x))
		}
	}
	f2 := []struct {
		name string
		f    func(float64, float64) float64
	}{
		{"Atan2", math.Atan2}, {"Copysign", math.Copysign}, {"Dim", math.Dim}, {"Hypot", math.Hypot},
		{"Max", math.Max}, {"Min", math.Min}, {"Mod", math.Mod}, {"Nextafter", math.Nextafter},
		{"Pow", math.Pow}, {"Remainder", math.Remainder},
	}
	ys := []float64{0, -0.5, 1, 2.5, -3, 10, 1e-300, math.Inf(1), math.NaN()}
	for _, f := range f2 {
		for i, x := range inputs {
			if i%3 != 0 {
				continue
			}
			for _, y := range ys {
				r := f.f(x, y)
				fmt.Printf("%-9s %v %v %016x %b\n", f.name, x, y, math.Float64bits(r), r)
			}
		}
	}
	for _, x := range inputs {
		fr, e := math.Frexp(x)
		l, s := math.Lgamma(x)
		i, fp := math.Modf(x)
		sn, cs := math.Sincos(x)
		fmt.Printf("%v: frexp %x %d lgamma %x %d modf %x %x sincos %x %x ilogb %d\n", x,
			math.Float64bits(fr), e, math.Float64bits(l), s, math.Float64bits(i), math.Float64bits(fp),
			math.Float64bits(sn), math.Float64bits(cs), math.Ilogb(x))
		for _, n := range []int{-3, 0, 2, 5, 20} {
			fmt.Printf("  n=%d jn %x yn %x ldexp %x\n", n, math.Float64bits(math.Jn(n, x)),
				math.Float64bits(math.Yn(n, x)), math.Float64bits(math.Ldexp(x, n*50)))
		}
	}
	for n := -330; n <= 330; n += 7 {
		fmt.Printf("Pow10(%d) = %x\n", n, math.Float64bits(math.Pow10(n)))
	}
	fmt.Println(math.FMA(0.1, 10, -1), math.FMA(1e308, 10, -1e308), math.FMA(3, 4, 5))
	fmt.Println(math.Nextafter32(1, 2), math.Nextafter32(0, -1), math.Nextafter32(3, 3))
	fmt.Println(math.Float32bits(0.1), math.Float32frombits(0x3f800001), math.Float64frombits(0x3ff0000000000001))
}
