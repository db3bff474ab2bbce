// Package cmplx as minigo provides it: written in Go on top of package
// math, following the special cases and the order of floating-point
// operations of Go's math/cmplx so that results agree bit for bit.
// Tan and Cot near their poles use the series Go uses, with the same
// argument reduction (Payne-Hanek from 2**30 on).
package cmplx

import (
	"math"
	"math/bits"
)

// Abs returns |x|, the modulus.
func Abs(x complex128) float64 { return math.Hypot(real(x), imag(x)) }

// Conj returns the complex conjugate of x.
func Conj(x complex128) complex128 { return complex(real(x), -imag(x)) }

// Phase returns the argument of x, in [-Pi, Pi].
func Phase(x complex128) float64 { return math.Atan2(imag(x), real(x)) }

// Polar returns the modulus and the argument of x.
func Polar(x complex128) (r, θ float64) { return Abs(x), Phase(x) }

// Rect returns the complex number with modulus r and argument θ.
func Rect(r, θ float64) complex128 {
	s, c := math.Sincos(θ)
	return complex(r*c, r*s)
}

// Inf returns complex(+Inf, +Inf).
func Inf() complex128 {
	return complex(math.Inf(1), math.Inf(1))
}

// NaN returns complex(NaN, NaN).
func NaN() complex128 {
	return complex(math.NaN(), math.NaN())
}

// IsInf reports whether either part of x is infinite.
func IsInf(x complex128) bool {
	return math.IsInf(real(x), 0) || math.IsInf(imag(x), 0)
}

// IsNaN reports whether a part of x is NaN and neither is infinite.
func IsNaN(x complex128) bool {
	if IsInf(x) {
		return false
	}
	return math.IsNaN(real(x)) || math.IsNaN(imag(x))
}

// Sqrt returns the square root with a non-negative real part and an
// imaginary part of the sign of imag(x).
func Sqrt(x complex128) complex128 {
	re, im := real(x), imag(x)
	if im == 0 {
		// The result's imaginary part keeps the sign of a zero imag(x).
		switch {
		case re == 0:
			return complex(0, im)
		case re < 0:
			return complex(0, math.Copysign(math.Sqrt(-re), im))
		}
		return complex(math.Sqrt(re), im)
	} else if math.IsInf(im, 0) {
		return complex(math.Inf(1), im)
	}
	if re == 0 {
		if im < 0 {
			h := math.Sqrt(-0.5 * im)
			return complex(h, -h)
		}
		h := math.Sqrt(0.5 * im)
		return complex(h, h)
	}
	// Scale the operands away from overflow and underflow first.
	var scale float64
	if math.Abs(re) > 4 || math.Abs(im) > 4 {
		re *= 0.25
		im *= 0.25
		scale = 2
	} else {
		re *= 1.8014398509481984e16 // 2**54
		im *= 1.8014398509481984e16
		scale = 7.450580596923828125e-9 // 2**-27
	}
	m := math.Hypot(re, im)
	var p, q float64 // real and imaginary magnitudes of the root
	if re > 0 {
		p = math.Sqrt(0.5*m + 0.5*re)
		q = scale * math.Abs((0.5*im)/p)
		p *= scale
	} else {
		q = math.Sqrt(0.5*m - 0.5*re)
		p = scale * math.Abs((0.5*im)/q)
		q *= scale
	}
	if im < 0 {
		return complex(p, -q)
	}
	return complex(p, q)
}

// Exp returns e**x.
func Exp(x complex128) complex128 {
	re, im := real(x), imag(x)
	if math.IsInf(re, 0) {
		if re > 0 && im == 0 {
			return x
		}
		if math.IsInf(im, 0) || math.IsNaN(im) {
			if re < 0 {
				return complex(0, math.Copysign(0, im))
			}
			return complex(math.Inf(1), math.NaN())
		}
	} else if math.IsNaN(re) && im == 0 {
		return complex(math.NaN(), im)
	}
	m := math.Exp(re)
	s, c := math.Sincos(im)
	return complex(m*c, m*s)
}

// Log returns the natural logarithm of x (principal branch).
func Log(x complex128) complex128 {
	return complex(math.Log(Abs(x)), Phase(x))
}

// Log10 returns the decimal logarithm of x.
func Log10(x complex128) complex128 {
	z := Log(x)
	return complex(math.Log10E*real(z), math.Log10E*imag(z))
}

// Pow returns x**y; Pow(0, ±0) is 1, Pow(0, c) with real(c) < 0 is
// Inf+0i for a real c and Inf+Inf i otherwise.
func Pow(x, y complex128) complex128 {
	if x == 0 {
		if IsNaN(y) {
			return NaN()
		}
		yr, yi := real(y), imag(y)
		if yr == 0 {
			return 1
		}
		if yr < 0 {
			if yi == 0 {
				return complex(math.Inf(1), 0)
			}
			return Inf()
		}
		if yr > 0 {
			return 0
		}
		// yr is NaN (with an infinite imaginary part): Go panics too.
		panic("unreachable")
	}
	mod := Abs(x)
	if mod == 0 {
		return complex(0, 0)
	}
	m := math.Pow(mod, real(y))
	arg := Phase(x)
	angle := real(y) * arg
	if imag(y) != 0 {
		m *= math.Exp(-imag(y) * arg)
		angle += imag(y) * math.Log(mod)
	}
	s, c := math.Sincos(angle)
	return complex(m*c, m*s)
}

// sinhCosh returns sinh(x) and cosh(x), from one Exp beyond |x| > 0.5.
func sinhCosh(x float64) (float64, float64) {
	if math.Abs(x) <= 0.5 {
		return math.Sinh(x), math.Cosh(x)
	}
	e := math.Exp(x)
	half := 0.5 / e
	e *= 0.5
	return e - half, e + half
}

// Sin returns the sine of x.
func Sin(x complex128) complex128 {
	re, im := real(x), imag(x)
	if im == 0 && (math.IsInf(re, 0) || math.IsNaN(re)) {
		return complex(math.NaN(), im)
	}
	if math.IsInf(im, 0) {
		if re == 0 {
			return x
		}
		if math.IsInf(re, 0) || math.IsNaN(re) {
			return complex(math.NaN(), im)
		}
	} else if re == 0 && math.IsNaN(im) {
		return x
	}
	sh, ch := sinhCosh(im)
	s, c := math.Sincos(re)
	return complex(s*ch, c*sh)
}

// Cos returns the cosine of x.
func Cos(x complex128) complex128 {
	re, im := real(x), imag(x)
	if im == 0 && (math.IsInf(re, 0) || math.IsNaN(re)) {
		return complex(math.NaN(), -im*math.Copysign(0, re))
	}
	if math.IsInf(im, 0) {
		if re == 0 {
			return complex(math.Inf(1), -re*math.Copysign(0, im))
		}
		if math.IsInf(re, 0) || math.IsNaN(re) {
			return complex(math.Inf(1), math.NaN())
		}
	} else if re == 0 && math.IsNaN(im) {
		return complex(math.NaN(), 0)
	}
	sh, ch := sinhCosh(im)
	s, c := math.Sincos(re)
	return complex(c*ch, -s*sh)
}

// Sinh returns the hyperbolic sine of x.
func Sinh(x complex128) complex128 {
	re, im := real(x), imag(x)
	if re == 0 && (math.IsInf(im, 0) || math.IsNaN(im)) {
		return complex(re, math.NaN())
	}
	if math.IsInf(re, 0) {
		if im == 0 {
			return x
		}
		if math.IsInf(im, 0) || math.IsNaN(im) {
			return complex(re, math.NaN())
		}
	} else if im == 0 && math.IsNaN(re) {
		return complex(math.NaN(), im)
	}
	sh, ch := sinhCosh(re)
	s, c := math.Sincos(im)
	return complex(c*sh, s*ch)
}

// Cosh returns the hyperbolic cosine of x.
func Cosh(x complex128) complex128 {
	re, im := real(x), imag(x)
	if re == 0 && (math.IsInf(im, 0) || math.IsNaN(im)) {
		return complex(math.NaN(), re*math.Copysign(0, im))
	}
	if math.IsInf(re, 0) {
		if im == 0 {
			return complex(math.Inf(1), im*math.Copysign(0, re))
		}
		if math.IsInf(im, 0) || math.IsNaN(im) {
			return complex(math.Inf(1), math.NaN())
		}
	} else if im == 0 && math.IsNaN(re) {
		return complex(math.NaN(), im)
	}
	sh, ch := sinhCosh(re)
	s, c := math.Sincos(im)
	return complex(c*ch, s*sh)
}

// Asin returns the inverse sine of x: -i log(ix + sqrt(1 - x*x)).
func Asin(x complex128) complex128 {
	re, im := real(x), imag(x)
	switch {
	case im == 0 && math.Abs(re) <= 1:
		return complex(math.Asin(re), im)
	case re == 0 && math.Abs(im) <= 1:
		return complex(re, math.Asinh(im))
	case math.IsNaN(im):
		switch {
		case re == 0:
			return complex(re, math.NaN())
		case math.IsInf(re, 0):
			return complex(math.NaN(), re)
		}
		return NaN()
	case math.IsInf(im, 0):
		switch {
		case math.IsNaN(re):
			return x
		case math.IsInf(re, 0):
			return complex(math.Copysign(math.Pi/4, re), im)
		}
		return complex(math.Copysign(0, re), im)
	case math.IsInf(re, 0):
		return complex(math.Copysign(math.Pi/2, re), math.Copysign(re, im))
	}
	ix := complex(-im, re)
	sq := x * x
	root := Sqrt(complex(1-real(sq), -imag(sq)))
	w := Log(ix + root)
	return complex(imag(w), -real(w))
}

// Asinh returns the inverse hyperbolic sine: log(x + sqrt(1 + x*x)).
func Asinh(x complex128) complex128 {
	re, im := real(x), imag(x)
	switch {
	case im == 0 && math.Abs(re) <= 1:
		return complex(math.Asinh(re), im)
	case re == 0 && math.Abs(im) <= 1:
		return complex(re, math.Asin(im))
	case math.IsInf(re, 0):
		switch {
		case math.IsInf(im, 0):
			return complex(re, math.Copysign(math.Pi/4, im))
		case math.IsNaN(im):
			return x
		}
		return complex(re, math.Copysign(0, im))
	case math.IsNaN(re):
		switch {
		case im == 0:
			return x
		case math.IsInf(im, 0):
			return complex(im, re)
		}
		return NaN()
	case math.IsInf(im, 0):
		return complex(math.Copysign(im, re), math.Copysign(math.Pi/2, im))
	}
	sq := x * x
	return Log(x + Sqrt(complex(1+real(sq), imag(sq))))
}

// Acos returns the inverse cosine: Pi/2 - Asin(x).
func Acos(x complex128) complex128 {
	w := Asin(x)
	return complex(math.Pi/2-real(w), -imag(w))
}

// Acosh returns the inverse hyperbolic cosine.
func Acosh(x complex128) complex128 {
	if x == 0 {
		return complex(0, math.Copysign(math.Pi/2, imag(x)))
	}
	w := Acos(x)
	if imag(w) <= 0 {
		return complex(-imag(w), real(w))
	}
	return complex(imag(w), -real(w))
}

// Atan returns the inverse tangent of x.
func Atan(x complex128) complex128 {
	re, im := real(x), imag(x)
	switch {
	case im == 0:
		return complex(math.Atan(re), im)
	case re == 0 && math.Abs(im) <= 1:
		return complex(re, math.Atanh(im))
	case math.IsInf(im, 0) || math.IsInf(re, 0):
		if math.IsNaN(re) {
			return complex(math.NaN(), math.Copysign(0, im))
		}
		return complex(math.Copysign(math.Pi/2, re), math.Copysign(0, im))
	case math.IsNaN(re) || math.IsNaN(im):
		return NaN()
	}
	re2 := re * re
	a := 1 - re2 - im*im
	if a == 0 {
		return NaN()
	}
	w := reducePi(0.5 * math.Atan2(2*re, a))
	t := im - 1
	b := re2 + t*t
	if b == 0 {
		return NaN()
	}
	t = im + 1
	c := (re2 + t*t) / b
	return complex(w, 0.25*math.Log(c))
}

// Atanh returns the inverse hyperbolic tangent: -i Atan(ix).
func Atanh(x complex128) complex128 {
	z := Atan(complex(-imag(x), real(x)))
	return complex(imag(z), -real(z))
}

// Tan returns the tangent of x.
func Tan(x complex128) complex128 {
	re, im := real(x), imag(x)
	switch {
	case math.IsInf(im, 0):
		if math.IsInf(re, 0) || math.IsNaN(re) {
			return complex(math.Copysign(0, re), math.Copysign(1, im))
		}
		return complex(math.Copysign(0, math.Sin(2*re)), math.Copysign(1, im))
	case re == 0 && math.IsNaN(im):
		return x
	}
	d := math.Cos(2*re) + math.Cosh(2*im)
	if math.Abs(d) < 0.25 {
		d = tanSeries(x)
	}
	if d == 0 {
		return Inf()
	}
	return complex(math.Sin(2*re)/d, math.Sinh(2*im)/d)
}

// Tanh returns the hyperbolic tangent of x.
func Tanh(x complex128) complex128 {
	re, im := real(x), imag(x)
	switch {
	case math.IsInf(re, 0):
		if math.IsInf(im, 0) || math.IsNaN(im) {
			return complex(math.Copysign(1, re), math.Copysign(0, im))
		}
		return complex(math.Copysign(1, re), math.Copysign(0, math.Sin(2*im)))
	case im == 0 && math.IsNaN(re):
		return x
	}
	d := math.Cosh(2*re) + math.Cos(2*im)
	if d == 0 {
		return Inf()
	}
	return complex(math.Sinh(2*re)/d, math.Sin(2*im)/d)
}

// Cot returns the cotangent of x.
func Cot(x complex128) complex128 {
	d := math.Cosh(2*imag(x)) - math.Cos(2*real(x))
	if math.Abs(d) < 0.25 {
		d = tanSeries(x)
	}
	if d == 0 {
		return Inf()
	}
	return complex(math.Sin(2*real(x))/d, -math.Sinh(2*imag(x))/d)
}

// reducePi subtracts from x the nearest multiple of Pi, held in three
// parts (Cody-Waite) so that the products are exact for |x| < 2**30.
func reducePi(x float64) float64 {
	if math.Abs(x) >= 1<<30 {
		return reducePiLarge(x)
	}
	const (
		pi1 = 3.141592502593994      // 0x400921fb40000000
		pi2 = 1.5099578831723193e-07 // 0x3e84442d00000000
		pi3 = 1.0780605716316238e-14 // 0x3d08469898cc5170
	)
	t := x/math.Pi + 0.5
	t = float64(int64(t))
	return ((x - t*pi1) - t*pi2) - t*pi3
}

// invPiBits holds the bits of 1/Pi, 64 to a word, after a zero word.
var invPiBits = [...]uint64{
	0x0000000000000000, 0x517cc1b727220a94, 0xfe13abe8fa9a6ee0, 0x6db14acc9e21c820,
	0xff28b1d5ef5de2b0, 0xdb92371d2126e970, 0x0324977504e8c90e, 0x7f0ef58e5894d39f,
	0x74411afa975da242, 0x74ce38135a2fbf20, 0x9cc8eb1cc1a99cfa, 0x4e422fc5defc941d,
	0x8ffc4bffef02cc07, 0xf79788c5ad05368f, 0xb69b3f6793e584db, 0xa7a31fb34f2ff516,
	0xba93dd63f5f2f8bd, 0x9e839cfbc5294975, 0x35fdafd88fc6ae84, 0x2b0198237e3db5d5,
}

// reducePiLarge reduces |x| >= 2**30 modulo Pi the Payne-Hanek way, as
// Go does: the fraction of x/Pi from the 192 bits of 1/Pi that matter.
func reducePiLarge(x float64) float64 {
	b := math.Float64bits(x)
	e := int(b>>52&0x7FF) - 1023 - 52
	m := b&(1<<52-1) | 1<<52
	word, sh := uint(e+64)/64, uint(e+64)%64
	w := func(i uint) uint64 {
		return invPiBits[i]<<sh | invPiBits[i+1]>>(64-sh)
	}
	z0, z1, z2 := w(word), w(word+1), w(word+2)
	z2hi, _ := bits.Mul64(z2, m)
	z1hi, z1lo := bits.Mul64(z1, m)
	lo, carry := bits.Add64(z1lo, z2hi, 0)
	hi, _ := bits.Add64(z0*m, z1hi, carry)
	lz := uint(bits.LeadingZeros64(hi))
	hi = hi<<(lz+1) | lo>>(64-(lz+1))
	hi >>= 12
	hi |= uint64(1023-(lz+1)) << 52
	f := math.Float64frombits(hi)
	if f > 0.5 {
		f--
	}
	return math.Pi * f
}

// tanSeries sums cosh(2y) - cos(2x) as a power series, for when the
// closed form cancels: Tan's and Cot's denominator near their poles.
func tanSeries(z complex128) float64 {
	const eps = 1.0 / (1 << 53)
	x := reducePi(math.Abs(2 * real(z)))
	x = x * x
	y := math.Abs(2 * imag(z))
	y = y * y
	xn, yn := 1.0, 1.0
	fact, n, d := 1.0, 0.0, 0.0
	for {
		n++
		fact *= n
		n++
		fact *= n
		xn *= x
		yn *= y
		t := (yn + xn) / fact
		d += t
		n++
		fact *= n
		n++
		fact *= n
		xn *= x
		yn *= y
		t = (yn - xn) / fact
		d += t
		if !(math.Abs(t/d) > eps) {
			break
		}
	}
	return d
}
