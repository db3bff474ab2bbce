package big

import (
	"errors"
	"fmt"
	"math"
	"strconv"
)

// A Rat represents a quotient a/b of arbitrary precision. The zero value
// for a Rat represents the value 0. The fraction is kept reduced, with
// b > 0 (b's handle 0 stands for 1 in a zero Rat).
type Rat struct {
	a, b Int
}

// NewRat creates a new Rat with numerator a and denominator b.
func NewRat(a, b int64) *Rat {
	return new(Rat).SetFrac64(a, b)
}

func (z *Rat) norm() *Rat {
	if z.b.h == 0 {
		panic("division by zero")
	}
	if z.b.Sign() < 0 {
		z.a.Neg(&z.a)
		z.b.Neg(&z.b)
	}
	if z.a.h == 0 {
		z.b.SetInt64(1)
		return z
	}
	if z.b.Cmp(intOne) == 0 {
		return z
	}
	var g Int
	d, _ := nGCD(z.a.h, z.b.h, false)
	g.h = d
	if g.Cmp(intOne) != 0 {
		z.a.Quo(&z.a, &g)
		z.b.Quo(&z.b, &g)
	}
	return z
}

func (x *Rat) den() *Int {
	if x.b.h == 0 {
		return intOne
	}
	return &x.b
}

// SetFrac sets z to a/b and returns z. If b == 0, SetFrac panics.
func (z *Rat) SetFrac(a, b *Int) *Rat {
	if b.h == 0 {
		panic("division by zero")
	}
	var n, d Int
	n.Set(a)
	d.Set(b)
	z.a.h, z.b.h = n.h, d.h
	return z.norm()
}

// SetFrac64 sets z to a/b and returns z. If b == 0, SetFrac64 panics.
func (z *Rat) SetFrac64(a, b int64) *Rat {
	if b == 0 {
		panic("division by zero")
	}
	z.a.SetInt64(a)
	z.b.SetInt64(b)
	return z.norm()
}

// SetInt sets z to x (by making a copy of x) and returns z.
func (z *Rat) SetInt(x *Int) *Rat {
	z.a.Set(x)
	z.b.SetInt64(1)
	return z
}

// SetInt64 sets z to x and returns z.
func (z *Rat) SetInt64(x int64) *Rat {
	z.a.SetInt64(x)
	z.b.SetInt64(1)
	return z
}

// SetUint64 sets z to x and returns z.
func (z *Rat) SetUint64(x uint64) *Rat {
	z.a.SetUint64(x)
	z.b.SetInt64(1)
	return z
}

// Set sets z to x (by making a copy of x) and returns z.
func (z *Rat) Set(x *Rat) *Rat {
	if z != x {
		z.a.Set(&x.a)
		z.b.Set(x.den())
	}
	return z
}

// SetFloat64 sets z to exactly f and returns z. If f is not finite,
// SetFloat returns nil.
func (z *Rat) SetFloat64(f float64) *Rat {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return nil
	}
	bits := math.Float64bits(f)
	mant := bits & (1<<52 - 1)
	exp := int((bits >> 52) & 0x7ff)
	if exp == 0 {
		exp = -1074
	} else {
		mant |= 1 << 52
		exp -= 1075
	}
	z.a.SetUint64(mant)
	if f < 0 {
		z.a.Neg(&z.a)
	}
	z.b.SetInt64(1)
	if exp > 0 {
		z.a.Lsh(&z.a, uint(exp))
	} else if exp < 0 {
		z.b.Lsh(&z.b, uint(-exp))
	}
	return z.norm()
}

// quoFloat returns the float64 nearest a/b for b > 0.
func ratToFloat(a, b *Int) float64 {
	if a.h == 0 {
		return 0
	}
	neg := a.Sign() < 0
	var n Int
	n.Abs(a)
	// scale so that the quotient has at least 66 bits
	s := 66 - (n.BitLen() - b.BitLen())
	var q, r Int
	if s > 0 {
		n.Lsh(&n, uint(s))
	} else if s < 0 {
		var bb Int
		bb.Lsh(b, uint(-s))
		q.QuoRem(&n, &bb, &r)
		if r.h != 0 {
			q.Or(&q, intOne)
		}
		f, _ := q.Float64()
		return scale2(f, -s, neg)
	}
	q.QuoRem(&n, b, &r)
	if r.h != 0 {
		q.Or(&q, intOne)
	}
	// f = q * 2^-s; near the subnormal range round once at the right bit
	e := q.BitLen() - s // value in [2^(e-1), 2^e)
	if e < -1021 {
		drop := -1021 - e + 53 // bits below the subnormal precision
		extra := q.BitLen() - 53 + (-1021 - e)
		_ = drop
		if extra > 0 {
			var r2 Int
			lo := new(Int).Lsh(intOne, uint(extra))
			q2, _ := new(Int).QuoRem(&q, lo, &r2)
			half := new(Int).Rsh(lo, 1)
			c := r2.Cmp(half)
			if c > 0 || c == 0 && q2.Bit(0) == 1 {
				q2.Add(q2, intOne)
			}
			f, _ := q2.Float64()
			return scale2(f, extra-s, neg)
		}
	}
	f, _ := q.Float64()
	return scale2(f, -s, neg)
}

func scale2(f float64, e int, neg bool) float64 {
	for e > 0 {
		k := e
		if k > 1000 {
			k = 1000
		}
		f *= math.Float64frombits(uint64(1023+k) << 52)
		e -= k
	}
	for e < 0 {
		k := -e
		if k > 1000 {
			k = 1000
		}
		f /= math.Float64frombits(uint64(1023+k) << 52)
		e += k
	}
	if neg {
		return -f
	}
	return f
}

// Float64 returns the nearest float64 value for x and a bool indicating
// whether f represents x exactly.
func (x *Rat) Float64() (f float64, exact bool) {
	f = ratToFloat(&x.a, x.den())
	if math.IsInf(f, 0) {
		return f, false
	}
	var y Rat
	y.SetFloat64(f)
	return f, y.Cmp(x) == 0
}

// Float32 returns the nearest float32 value for x and a bool indicating
// whether f represents x exactly.
func (x *Rat) Float32() (f float32, exact bool) {
	// round to 24 bits directly: scale to a 24-bit quotient
	if x.a.h == 0 {
		return 0, true
	}
	f64, _ := x.Float64()
	f = float32(f64)
	if math.IsInf(float64(f), 0) {
		return f, false
	}
	var y Rat
	y.SetFloat64(float64(f))
	return f, y.Cmp(x) == 0
}

// Num returns the numerator of x; it may be <= 0.
func (x *Rat) Num() *Int {
	return &x.a
}

// Denom returns the denominator of x; it is always > 0.
func (x *Rat) Denom() *Int {
	if x.b.h == 0 {
		return NewInt(1)
	}
	return &x.b
}

// Sign returns -1, 0 or +1 as x is negative, zero or positive.
func (x *Rat) Sign() int {
	return x.a.Sign()
}

// IsInt reports whether the denominator of x is 1.
func (x *Rat) IsInt() bool {
	return x.b.h == 0 || x.b.Cmp(intOne) == 0
}

// Cmp compares x and y: -1 if x < y, 0 if x == y, +1 if x > y.
func (x *Rat) Cmp(y *Rat) int {
	var l, r Int
	l.Mul(&x.a, y.den())
	r.Mul(&y.a, x.den())
	return l.Cmp(&r)
}

// Abs sets z to |x| (which might be z) and returns z.
func (z *Rat) Abs(x *Rat) *Rat {
	z.Set(x)
	z.a.Abs(&z.a)
	return z
}

// Neg sets z to -x (which might be z) and returns z.
func (z *Rat) Neg(x *Rat) *Rat {
	z.Set(x)
	z.a.Neg(&z.a)
	return z
}

// Inv sets z to 1/x and returns z. If x == 0, Inv panics.
func (z *Rat) Inv(x *Rat) *Rat {
	if x.a.h == 0 {
		panic("division by zero")
	}
	var n, d Int
	n.Set(x.den())
	d.Set(&x.a)
	z.a.h, z.b.h = n.h, d.h
	return z.norm()
}

// Add sets z to the sum x+y and returns z.
func (z *Rat) Add(x, y *Rat) *Rat {
	var n, t, d Int
	n.Mul(&x.a, y.den())
	t.Mul(&y.a, x.den())
	n.Add(&n, &t)
	d.Mul(x.den(), y.den())
	z.a.h, z.b.h = n.h, d.h
	return z.norm()
}

// Sub sets z to the difference x-y and returns z.
func (z *Rat) Sub(x, y *Rat) *Rat {
	var n, t, d Int
	n.Mul(&x.a, y.den())
	t.Mul(&y.a, x.den())
	n.Sub(&n, &t)
	d.Mul(x.den(), y.den())
	z.a.h, z.b.h = n.h, d.h
	return z.norm()
}

// Mul sets z to the product x*y and returns z.
func (z *Rat) Mul(x, y *Rat) *Rat {
	var n, d Int
	n.Mul(&x.a, &y.a)
	d.Mul(x.den(), y.den())
	z.a.h, z.b.h = n.h, d.h
	return z.norm()
}

// Quo sets z to the quotient x/y and returns z. If y == 0, Quo panics.
func (z *Rat) Quo(x, y *Rat) *Rat {
	if y.a.h == 0 {
		panic("division by zero")
	}
	var n, d Int
	n.Mul(&x.a, y.den())
	d.Mul(x.den(), &y.a)
	z.a.h, z.b.h = n.h, d.h
	return z.norm()
}

// String returns a string representation of x in the form "a/b" (even
// if b == 1).
func (x *Rat) String() string {
	if x == nil {
		return "<nil>"
	}
	return x.a.String() + "/" + x.den().String()
}

// RatString returns a string representation of x in the form "a/b" if
// b != 1, and in the form "a" if b == 1.
func (x *Rat) RatString() string {
	if x.IsInt() {
		return x.a.String()
	}
	return x.String()
}

// FloatString returns a string representation of x in decimal form with
// prec digits of precision after the radix point. The last digit is
// rounded to nearest, with halves rounded away from zero.
func (x *Rat) FloatString(prec int) string {
	if x.IsInt() {
		s := x.a.String()
		if prec > 0 {
			s += "." + bigRepeat("0", prec)
		}
		return s
	}
	var q, r, n Int
	b := x.den()
	n.Abs(&x.a)
	q.QuoRem(&n, b, &r)
	p := NewInt(1)
	if prec > 0 {
		p.Exp(NewInt(10), NewInt(int64(prec)), nil)
	}
	r.Mul(&r, p)
	var r2 Int
	r.QuoRem(&r, b, &r2)
	r2.Add(&r2, &r2)
	if b.Cmp(&r2) <= 0 {
		r.Add(&r, intOne)
		if r.Cmp(p) >= 0 {
			q.Add(&q, intOne)
			r.Sub(&r, p)
		}
	}
	s := ""
	if x.a.Sign() < 0 {
		s = "-"
	}
	s += q.String()
	if prec > 0 {
		rs := r.String()
		s += "." + bigRepeat("0", prec-len(rs)) + rs
	}
	return s
}

// FloatPrec returns the number n of non-repeating digits immediately
// following the decimal point of the decimal representation of x, and a
// boolean reporting whether that representation is exact (finite).
func (x *Rat) FloatPrec() (n int, exact bool) {
	d := new(Int).Set(x.den())
	p2 := int(d.TrailingZeroBits())
	d.Rsh(d, uint(p2))
	p5 := 0
	five := NewInt(5)
	var q, r Int
	for {
		q.QuoRem(d, five, &r)
		if r.h != 0 {
			break
		}
		d.Set(&q)
		p5++
	}
	n = p2
	if p5 > n {
		n = p5
	}
	return n, d.Cmp(intOne) == 0
}

// SetString sets z to the value of s and returns z and a boolean
// indicating success. s can be a fraction "a/b" or a floating-point
// number optionally followed by an exponent.
func (z *Rat) SetString(s string) (*Rat, bool) {
	if len(s) == 0 {
		return nil, false
	}
	if sep := bigIndex(s, "/"); sep >= 0 {
		var a, b Int
		if _, ok := a.SetString(s[:sep], 0); !ok {
			return nil, false
		}
		ds := s[sep+1:]
		if len(ds) > 0 && (ds[0] == '+' || ds[0] == '-') {
			return nil, false
		}
		if _, ok := b.SetString(ds, 0); !ok {
			return nil, false
		}
		if b.h == 0 {
			return nil, false
		}
		z.a.h, z.b.h = a.h, b.h
		return z.norm(), true
	}
	neg := false
	t := s
	if t[0] == '+' || t[0] == '-' {
		neg = t[0] == '-'
		t = t[1:]
	}
	// hexadecimal, octal and binary integers (and 0x mantissas with p)
	if len(t) > 1 && t[0] == '0' && bigIndex("xXbBoO", t[1:2]) >= 0 {
		var a Int
		if bigAny(t, ".pP") {
			return nil, false
		}
		if _, ok := a.SetString(t, 0); !ok {
			return nil, false
		}
		if neg {
			a.Neg(&a)
		}
		return z.SetInt(&a), true
	}
	mant := t
	exp := 0
	if i := bigIndexAny(t, "eE"); i >= 0 {
		mant = t[:i]
		e, err := strconv.Atoi(t[i+1:])
		if err != nil || len(t[i+1:]) > 0 && t[i+1] == '+' && false {
			return nil, false
		}
		exp = e
	}
	frac := 0
	if i := bigIndex(mant, "."); i >= 0 {
		frac = len(mant) - i - 1
		mant = mant[:i] + mant[i+1:]
	}
	if mant == "" {
		return nil, false
	}
	for i := 0; i < len(mant); i++ {
		c := mant[i]
		if c < '0' || c > '9' {
			if c == '_' {
				continue
			}
			return nil, false
		}
	}
	var a Int
	if _, ok := a.SetString(mant, 10); !ok {
		return nil, false
	}
	if neg {
		a.Neg(&a)
	}
	exp -= frac
	var b Int
	b.SetInt64(1)
	if exp > 0 {
		p := new(Int).Exp(NewInt(10), NewInt(int64(exp)), nil)
		a.Mul(&a, p)
	} else if exp < 0 {
		b.Exp(NewInt(10), NewInt(int64(-exp)), nil)
	}
	z.a.h, z.b.h = a.h, b.h
	return z.norm(), true
}

// AppendText implements encoding.TextAppender.
func (x *Rat) AppendText(b []byte) ([]byte, error) {
	if x.IsInt() {
		return x.a.AppendText(b)
	}
	return append(b, x.String()...), nil
}

// MarshalText implements encoding.TextMarshaler.
func (x *Rat) MarshalText() (text []byte, err error) {
	return x.AppendText(nil)
}

// UnmarshalText implements encoding.TextUnmarshaler.
func (z *Rat) UnmarshalText(text []byte) error {
	if _, ok := z.SetString(string(text)); !ok {
		return errors.New("math/big: cannot unmarshal " + strconv.Quote(string(text)) + " into a *big.Rat")
	}
	return nil
}

// Scan is a support routine for fmt.Scanner; it accepts the verbs 'e',
// 'E', 'f', 'F', 'g', 'G' and 'v'.
func (z *Rat) Scan(s fmt.ScanState, ch rune) error {
	tok, err := s.Token(true, func(r rune) bool {
		return bigIndexAny(string(r), "+-/0123456789.eE") == 0
	})
	if err != nil {
		return err
	}
	if bigIndexAny(string(ch), "efgEFGv") != 0 {
		return errors.New("Rat.Scan: invalid verb")
	}
	if _, ok := z.SetString(string(tok)); !ok {
		return errors.New("Rat.Scan: invalid syntax")
	}
	return nil
}

// ratGobVersion is the version byte of Rat's gob encoding (shifted left
// one bit, the low bit being the sign).
const ratGobVersion byte = 1

// GobEncode implements gob.GobEncoder: a version-and-sign byte, the
// numerator's length in bytes (4 bytes, big-endian), the numerator's and
// then the denominator's absolute value, big-endian.
func (x *Rat) GobEncode() ([]byte, error) {
	if x == nil {
		return nil, nil
	}
	num := x.a.Bytes()
	var den []byte
	if x.b.h != 0 {
		den = x.b.Bytes()
	}
	if uint64(len(num)) > math.MaxUint32 {
		return nil, errors.New("Rat.GobEncode: numerator too large")
	}
	head := ratGobVersion << 1
	if x.a.Sign() < 0 {
		head |= 1
	}
	n := uint32(len(num))
	buf := make([]byte, 0, 5+len(num)+len(den))
	buf = append(buf, head, byte(n>>24), byte(n>>16), byte(n>>8), byte(n))
	buf = append(buf, num...)
	return append(buf, den...), nil
}

// GobDecode implements gob.GobDecoder. Like Go, it keeps the fraction
// as encoded, without reducing it.
func (z *Rat) GobDecode(buf []byte) error {
	if len(buf) == 0 {
		*z = Rat{}
		return nil
	}
	if len(buf) < 5 {
		return errors.New("Rat.GobDecode: buffer too small")
	}
	if v := buf[0] >> 1; v != ratGobVersion {
		return fmt.Errorf("Rat.GobDecode: encoding version %d not supported", v)
	}
	n := uint64(buf[1])<<24 | uint64(buf[2])<<16 | uint64(buf[3])<<8 | uint64(buf[4])
	if n > uint64(len(buf)-5) {
		return errors.New("Rat.GobDecode: buffer too small")
	}
	end := 5 + int(n)
	var a, b Int
	a.SetBytes(buf[5:end])
	if buf[0]&1 != 0 {
		a.Neg(&a)
	}
	b.SetBytes(buf[end:])
	if b.Sign() == 0 {
		b = Int{} // stands for 1, as Go's empty denominator
	}
	z.a, z.b = a, b
	return nil
}
