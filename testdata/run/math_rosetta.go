// Numerical programs in the style of Rosetta Code tasks, built on package
// math: Lanczos gamma against math.Gamma, the AGM, Simpson integration,
// Newton's method, Bessel recurrences, a trigonometric table.
package main

import (
	"fmt"
	"math"
)

func lanczos(z float64) float64 {
	g := 7.0
	c := []float64{0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
		-176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7}
	if z < 0.5 {
		return math.Pi / (math.Sin(math.Pi*z) * lanczos(1-z))
	}
	z--
	x := c[0]
	for i := 1; i < len(c); i++ {
		x += c[i] / (z + float64(i))
	}
	t := z + g + 0.5
	return math.Sqrt(2*math.Pi) * math.Pow(t, z+0.5) * math.Exp(-t) * x
}

func agm(a, g float64) float64 {
	for math.Abs(a-g) > math.Abs(a)*1e-15 {
		a, g = (a+g)*.5, math.Sqrt(a*g)
	}
	return a
}

func simpson(f func(float64) float64, a, b float64, n int) float64 {
	h := (b - a) / float64(n)
	s := f(a) + f(b)
	for i := 1; i < n; i++ {
		x := a + h*float64(i)
		if i%2 == 1 {
			s += 4 * f(x)
		} else {
			s += 2 * f(x)
		}
	}
	return s * h / 3
}

func main() {
	for _, x := range []float64{0.1, 0.5, 1, 1.5, 2, 2.5, 3, 4.5, 7, 10, 20.5, -0.5, -2.5} {
		fmt.Printf("Γ(%5.1f) lanczos %.17g math %.17g lgamma %.17g\n", x, lanczos(x), math.Gamma(x), func() float64 { l, _ := math.Lgamma(x); return l }())
	}
	fmt.Println("agm(1, 1/√2) =", agm(1, 1/math.Sqrt2))
	fmt.Println("π (Gauss-Legendre) =", math.Pow(agm(1, 1/math.Sqrt2), 2)*4/(1-func() float64 {
		a, g, s, k := 1.0, 1/math.Sqrt2, 0.0, 1.0
		for i := 0; i < 5; i++ {
			a, g = (a+g)/2, math.Sqrt(a*g)
			k *= 2
			s += k * (a*a - g*g)
		}
		return s
	}()))
	fmt.Println("∫ sin 0..π =", simpson(math.Sin, 0, math.Pi, 1000))
	fmt.Println("∫ exp(-x²) 0..3 =", simpson(func(x float64) float64 { return math.Exp(-x * x) }, 0, 3, 600), math.Sqrt(math.Pi)/2*math.Erf(3))
	fmt.Println("∫ 1/x 1..e =", simpson(func(x float64) float64 { return 1 / x }, 1, math.E, 1000))
	// Newton on cos x = x.
	x := 1.0
	for i := 0; i < 20; i++ {
		x -= (math.Cos(x) - x) / (-math.Sin(x) - 1)
	}
	fmt.Println("Dottie number:", x, math.Cos(x)-x)
	// Bessel recurrences.
	for n := 0; n <= 6; n++ {
		fmt.Printf("J%d(2.5) = %.17g  Y%d(2.5) = %.17g\n", n, math.Jn(n, 2.5), n, math.Yn(n, 2.5))
	}
	// Trig table.
	for d := 0.0; d <= 90; d += 15 {
		r := d * math.Pi / 180
		fmt.Printf("%4.0f %.17f %.17f %.17g\n", d, math.Sin(r), math.Cos(r), math.Tan(r))
	}
	// Hyperbolic identities and logs.
	for _, v := range []float64{0.3, 1, 2.5, 10} {
		fmt.Println(v, math.Cosh(v)*math.Cosh(v)-math.Sinh(v)*math.Sinh(v), math.Asinh(math.Sinh(v)), math.Atanh(math.Tanh(v/10)), math.Log1p(math.Expm1(v)))
	}
	// Powers and roots.
	for i := 1; i <= 12; i++ {
		f := float64(i)
		fmt.Println(i, math.Pow(f, 1.0/3), math.Cbrt(f), math.Pow(f, f), math.Pow(2, -f*10), math.Exp2(f/7), math.Log2(f), math.Log10(f*1000))
	}
}
