// Everyday uses of package math, printed the ordinary way (%v, %.4f, %g).
package main

import (
	"fmt"
	"math"
)

func main() {
	fmt.Println(math.Cos(0.1), math.Exp2(0.5), math.Log(3), math.Pow(1.0001, 10000))
	fmt.Println(math.Tan(1), math.Log10(7), math.Log2(10), math.Acos(0.3), math.Tanh(0.7))
	fmt.Println(math.Sqrt(2), math.Cbrt(27), math.Hypot(3, 4), math.Pow(2, 0.5), math.Pow(-8, 1.0/3))
	fmt.Println(math.Sin(math.Pi), math.Cos(math.Pi/2), math.Sin(1e22), math.Cos(1<<40), math.Tan(1e300))
	fmt.Println(math.Exp(1), math.Exp(-745.2), math.Exp(709.8), math.Exp(-708.5), math.Expm1(1e-10))
	fmt.Println(math.Log(0), math.Log(-1), math.Log1p(-1), math.Log(math.E), math.Log(5e-324))
	fmt.Println(math.Gamma(0.5), math.Gamma(-1.5), math.Gamma(171), math.Gamma(172), math.Gamma(-171.5))
	for i := 1; i <= 10; i++ {
		x := float64(i) / 3
		fmt.Printf("%.4f sin=%.17g cos=%.17g exp=%.17g log=%.17g atan=%.17g\n", x,
			math.Sin(x), math.Cos(x), math.Exp(x), math.Log(x), math.Atan(x))
	}
	// Compound interest and friends.
	p := 1000.0
	for y := 1; y <= 5; y++ {
		fmt.Printf("year %d: %.2f %.6f\n", y, p*math.Pow(1.05, float64(y)), math.Pow(1+0.05/12, float64(12*y)))
	}
	// Degrees.
	for d := 0; d <= 360; d += 45 {
		r := float64(d) * math.Pi / 180
		fmt.Printf("%3d° sin %+.15f cos %+.15f tan %g\n", d, math.Sin(r), math.Cos(r), math.Tan(r))
	}
	fmt.Println(math.Round(-2.5), math.RoundToEven(2.5), math.Floor(-0.5), math.Ceil(-0.5), math.Trunc(-1.9))
	fmt.Println(math.Mod(7, -3), math.Mod(-7, 3), math.Remainder(7, 3), math.Remainder(5, 2), math.Mod(1e300, 3))
	fmt.Println(math.Max(3, math.NaN()), math.Min(-0.0, 0), math.Max(math.Inf(1), math.NaN()), math.Dim(5, 3))
	fmt.Println(math.Inf(1), -math.Inf(1), math.NaN(), math.IsNaN(math.NaN()), math.IsInf(math.Inf(-1), -1))
	fmt.Println(math.Signbit(math.Copysign(0, -1)), math.Float64bits(math.NaN()), math.Float64bits(-math.NaN()))
	fmt.Println(math.Erf(1), math.Erfc(1), math.Erfinv(0.5), math.Erfcinv(0.5), math.J0(2.4048), math.Y1(3))
	lg, s := math.Lgamma(-0.5)
	fmt.Println(lg, s, math.Jn(10, 3), math.Yn(-3, 2), math.Logb(1000), math.Ilogb(0))
	fmt.Println(math.MaxFloat32, math.SmallestNonzeroFloat32, math.MaxFloat64, math.SmallestNonzeroFloat64)
	fmt.Println(math.MaxInt8, math.MinInt16, math.MaxUint16, math.MaxInt, math.MinInt, uint64(math.MaxUint))
	fmt.Println(math.E, math.Pi, math.Phi, math.Sqrt2, math.SqrtE, math.SqrtPi, math.SqrtPhi)
	fmt.Println(math.Ln2, math.Log2E, math.Ln10, math.Log10E)
	fmt.Println(float32(math.Pi), math.MaxFloat64 == 0x1p1023*(1+(1-0x1p-52)), math.SmallestNonzeroFloat32 == 0x1p-149)
	const big = math.MaxUint64 / 3
	fmt.Println(big, math.Pi*1e100/3, math.SqrtE*math.SqrtE)
	// Newton's method against math.Sqrt.
	for _, v := range []float64{2, 10, 12345.678, 1e-7} {
		z := v
		for i := 0; i < 30; i++ {
			z -= (z*z - v) / (2 * z)
		}
		fmt.Println(v, z, math.Sqrt(v), z == math.Sqrt(v))
	}
}
