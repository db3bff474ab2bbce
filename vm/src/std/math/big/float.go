package big

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"sync"
)

const (
	MaxExp  = math.MaxInt32  // largest supported exponent
	MinExp  = math.MinInt32  // smallest supported exponent
	MaxPrec = math.MaxUint32 // largest (theoretically) supported precision
)

// RoundingMode determines how a Float value is rounded to the desired
// precision.
type RoundingMode byte

// These constants define supported rounding modes.
const (
	ToNearestEven RoundingMode = iota
	ToNearestAway
	ToZero
	AwayFromZero
	ToNegativeInf
	ToPositiveInf
)

// Rounding modes of integer division (Int.Divide).
const (
	Trunc = ToZero
	Floor = ToNegativeInf
	Round = ToNearestEven
	Ceil  = ToPositiveInf
)

var roundingModeNames = [...]string{"ToNearestEven", "ToNearestAway", "ToZero", "AwayFromZero", "ToNegativeInf", "ToPositiveInf"}

func (i RoundingMode) String() string {
	if int(i) >= len(roundingModeNames) {
		return "RoundingMode(" + strconv.FormatInt(int64(i), 10) + ")"
	}
	return roundingModeNames[i]
}

// Accuracy describes the rounding error produced by the most recent
// operation that generated a Float value, relative to the exact value.
type Accuracy int8

// Constants describing the Accuracy of a Float.
const (
	Below Accuracy = -1
	Exact Accuracy = 0
	Above Accuracy = +1
)

func (i Accuracy) String() string {
	switch i {
	case Below:
		return "Below"
	case Exact:
		return "Exact"
	case Above:
		return "Above"
	}
	return "Accuracy(" + strconv.FormatInt(int64(i), 10) + ")"
}

// An ErrNaN panic is raised by a Float operation that would lead to a
// NaN under IEEE 754 rules. An ErrNaN implements the error interface.
type ErrNaN struct {
	msg string
}

func (err ErrNaN) Error() string {
	return err.msg
}

// A nonzero finite Float represents a multi-precision floating point
// number
//
//	sign × mantissa × 2**exponent
//
// with 0.5 <= mantissa < 1.0 and MinExp <= exponent <= MaxExp. A Float
// may also be zero (+0, -0) or infinite (+Inf, -Inf). All Floats are
// ordered. Each Float has a precision, a rounding mode and an accuracy;
// the zero value is a ready-to-use +0.0 of precision 0, ToNearestEven.
//
// Here the mantissa is an odd Int m (its trailing zero bits dropped) and
// exp Go's exponent: x = m × 2**(exp - m.BitLen()).
type Float struct {
	prec uint32
	mode RoundingMode
	acc  Accuracy
	form byte
	neg  bool
	mant Int
	exp  int
}

const (
	fZero byte = iota
	fFinite
	fInf
)

// NewFloat allocates and returns a new Float set to x, with precision
// 53 and rounding mode ToNearestEven. NewFloat panics with ErrNaN if x
// is a NaN.
func NewFloat(x float64) *Float {
	if math.IsNaN(x) {
		panic(ErrNaN{"NewFloat(NaN)"})
	}
	return new(Float).SetFloat64(x)
}

func makeAcc(above bool) Accuracy {
	if above {
		return Above
	}
	return Below
}

// lsb is the exponent of the mantissa's lowest bit.
func (x *Float) lsb() int {
	return x.exp - x.mant.BitLen()
}

// fTrim drops the mantissa's trailing zero bits.
func (z *Float) fTrim() {
	if tz := z.mant.TrailingZeroBits(); tz > 0 {
		z.mant.Rsh(&z.mant, tz)
	}
}

// fRound rounds z's mantissa to z.prec bits per z.mode and sets z.acc;
// sbit says that the exact value lies above the mantissa's magnitude by
// less than its lowest bit (the mantissa then has more than prec bits).
func (z *Float) fRound(sbit bool) {
	z.acc = Exact
	if z.form != fFinite {
		return
	}
	n := z.mant.BitLen()
	p := int(z.prec)
	if n <= p {
		z.fTrim()
		return
	}
	r := n - p - 1
	rbit := z.mant.Bit(r) == 1
	sticky := sbit || (r > 0 && int(z.mant.TrailingZeroBits()) < r)
	z.mant.Rsh(&z.mant, uint(n-p))
	if rbit || sticky {
		inc := false
		switch z.mode {
		case ToNegativeInf:
			inc = z.neg
		case ToZero:
		case ToNearestEven:
			inc = rbit && (sticky || z.mant.Bit(0) == 1)
		case ToNearestAway:
			inc = rbit
		case AwayFromZero:
			inc = true
		case ToPositiveInf:
			inc = !z.neg
		default:
			panic("unreachable")
		}
		z.acc = makeAcc(inc != z.neg)
		if inc {
			z.mant.Add(&z.mant, intOne)
			if z.mant.BitLen() > p {
				if z.exp >= MaxExp {
					z.form = fInf
					return
				}
				z.exp++
			}
		}
	}
	z.fTrim()
}

// setExpAndRound sets z's exponent to exp (before rounding) and rounds.
func (z *Float) setExpAndRound(exp int, sbit bool) {
	if exp < MinExp {
		z.acc = makeAcc(z.neg)
		z.form = fZero
		return
	}
	if exp > MaxExp {
		z.acc = makeAcc(!z.neg)
		z.form = fInf
		return
	}
	z.form = fFinite
	z.exp = exp
	z.fRound(sbit)
}

// SetPrec sets z's precision to prec and returns the (possibly) rounded
// value of z.
func (z *Float) SetPrec(prec uint) *Float {
	z.acc = Exact
	if prec == 0 {
		z.prec = 0
		if z.form == fFinite {
			z.acc = makeAcc(z.neg)
			z.form = fZero
		}
		return z
	}
	if prec > MaxPrec {
		prec = MaxPrec
	}
	old := z.prec
	z.prec = uint32(prec)
	if z.prec < old {
		z.fRound(false)
	}
	return z
}

// SetMode sets z's rounding mode to mode and returns an exact z.
func (z *Float) SetMode(mode RoundingMode) *Float {
	z.mode = mode
	z.acc = Exact
	return z
}

// Prec returns the mantissa precision of x in bits.
func (x *Float) Prec() uint {
	return uint(x.prec)
}

// MinPrec returns the minimum precision required to represent x exactly.
func (x *Float) MinPrec() uint {
	if x.form != fFinite {
		return 0
	}
	return uint(x.mant.BitLen())
}

// Mode returns the rounding mode of x.
func (x *Float) Mode() RoundingMode {
	return x.mode
}

// Acc returns the accuracy of x produced by the most recent operation.
func (x *Float) Acc() Accuracy {
	return x.acc
}

// Sign returns -1, 0 or +1 as x is negative, zero or positive.
func (x *Float) Sign() int {
	if x.form == fZero {
		return 0
	}
	if x.neg {
		return -1
	}
	return 1
}

// MantExp breaks x into its mantissa and exponent components and
// returns the exponent; a non-nil mant is set to x's mantissa (same
// precision and rounding mode as x) with 0.5 <= |mant| < 1.0.
func (x *Float) MantExp(mant *Float) (exp int) {
	if x.form == fFinite {
		exp = x.exp
	}
	if mant != nil {
		mant.Copy(x)
		if mant.form == fFinite {
			mant.exp = 0
		}
	}
	return
}

// SetMantExp sets z to mant × 2**exp and returns z.
func (z *Float) SetMantExp(mant *Float, exp int) *Float {
	z.Copy(mant)
	if z.form == fFinite {
		z.setExpAndRound(z.exp+exp, false)
	}
	return z
}

// Signbit reports whether x is negative or negative zero.
func (x *Float) Signbit() bool {
	return x.neg
}

// IsInf reports whether x is +Inf or -Inf.
func (x *Float) IsInf() bool {
	return x.form == fInf
}

// IsInt reports whether x is an integer. ±Inf values are not integers.
func (x *Float) IsInt() bool {
	if x.form != fFinite {
		return x.form == fZero
	}
	if x.exp <= 0 {
		return false
	}
	return int(x.prec) <= x.exp || int(x.MinPrec()) <= x.exp
}

// setMag sets z to the finite nonzero value m × 2**lsb (m > 0) and rounds.
func (z *Float) setMag(m *Int, lsb int) {
	z.mant.Set(m)
	z.setExpAndRound(lsb+z.mant.BitLen(), false)
}

func (z *Float) setBits64(neg bool, x uint64) *Float {
	if z.prec == 0 {
		z.prec = 64
	}
	z.acc = Exact
	z.neg = neg
	if x == 0 {
		z.form = fZero
		return z
	}
	var m Int
	m.SetUint64(x)
	z.setMag(&m, 0)
	return z
}

// SetUint64 sets z to the (possibly rounded) value of x and returns z.
// If z's precision is 0, it is changed to 64 (and rounding will have no
// effect).
func (z *Float) SetUint64(x uint64) *Float {
	return z.setBits64(false, x)
}

// SetInt64 sets z to the (possibly rounded) value of x and returns z.
// If z's precision is 0, it is changed to 64 (and rounding will have no
// effect).
func (z *Float) SetInt64(x int64) *Float {
	u := uint64(x)
	if x < 0 {
		u = -u
	}
	return z.setBits64(x < 0, u)
}

// SetFloat64 sets z to the (possibly rounded) value of x and returns z.
// If z's precision is 0, it is changed to 53. SetFloat64 panics with
// ErrNaN if x is a NaN.
func (z *Float) SetFloat64(x float64) *Float {
	if z.prec == 0 {
		z.prec = 53
	}
	if math.IsNaN(x) {
		panic(ErrNaN{"Float.SetFloat64(NaN)"})
	}
	z.acc = Exact
	z.neg = math.Signbit(x)
	if x == 0 {
		z.form = fZero
		return z
	}
	if math.IsInf(x, 0) {
		z.form = fInf
		return z
	}
	bits := math.Float64bits(x)
	e := int(bits>>52) & 0x7ff
	frac := bits & (1<<52 - 1)
	lsb := -1074
	if e != 0 {
		frac |= 1 << 52
		lsb = e - 1075
	}
	var m Int
	m.SetUint64(frac)
	z.setMag(&m, lsb)
	return z
}

// SetInt sets z to the (possibly rounded) value of x and returns z. If
// z's precision is 0, it is changed to the larger of x.BitLen() or 64.
func (z *Float) SetInt(x *Int) *Float {
	bits := uint32(x.BitLen())
	if z.prec == 0 {
		z.prec = bits
		if z.prec < 64 {
			z.prec = 64
		}
	}
	z.acc = Exact
	z.neg = x.Sign() < 0
	if bits == 0 {
		z.form = fZero
		return z
	}
	var m Int
	m.Abs(x)
	z.setMag(&m, 0)
	return z
}

// SetRat sets z to the (possibly rounded) value of x and returns z. If
// z's precision is 0, it is changed to the largest of a.BitLen(),
// b.BitLen(), or 64; with x = a/b.
func (z *Float) SetRat(x *Rat) *Float {
	if x.IsInt() {
		return z.SetInt(x.Num())
	}
	var a, b Float
	a.SetInt(x.Num())
	b.SetInt(x.Denom())
	if z.prec == 0 {
		z.prec = a.prec
		if b.prec > z.prec {
			z.prec = b.prec
		}
	}
	return z.Quo(&a, &b)
}

// SetInf sets z to the infinite Float -Inf if signbit is set, or +Inf
// if signbit is not set, and returns z. The precision of z is unchanged
// and the result is always Exact.
func (z *Float) SetInf(signbit bool) *Float {
	z.acc = Exact
	z.form = fInf
	z.neg = signbit
	return z
}

// Set sets z to the (possibly rounded) value of x and returns z. If z's
// precision is 0, it is changed to the precision of x before setting z.
func (z *Float) Set(x *Float) *Float {
	z.acc = Exact
	if z != x {
		z.form = x.form
		z.neg = x.neg
		if x.form == fFinite {
			z.exp = x.exp
			z.mant.Set(&x.mant)
		}
		if z.prec == 0 {
			z.prec = x.prec
		} else if z.prec < x.prec {
			z.fRound(false)
		}
	}
	return z
}

// Copy sets z to x, with the same precision, rounding mode and accuracy
// as x. Copy returns z.
func (z *Float) Copy(x *Float) *Float {
	if z != x {
		z.prec = x.prec
		z.mode = x.mode
		z.acc = x.acc
		z.form = x.form
		z.neg = x.neg
		if z.form == fFinite {
			z.mant.Set(&x.mant)
			z.exp = x.exp
		}
	}
	return z
}

// Uint64 returns the unsigned integer resulting from truncating x
// towards zero, and the accuracy of the result.
func (x *Float) Uint64() (uint64, Accuracy) {
	switch x.form {
	case fFinite:
		if x.neg {
			return 0, Above
		}
		if x.exp <= 0 {
			return 0, Below
		}
		if x.exp <= 64 {
			var t Int
			t.Lsh(&x.mant, 64)
			t.Rsh(&t, uint(x.mant.BitLen()+64-x.exp))
			u := t.Uint64()
			if int(x.MinPrec()) <= 64 {
				return u, Exact
			}
			return u, Below
		}
		return math.MaxUint64, Below
	case fZero:
		return 0, Exact
	}
	if x.neg {
		return 0, Above
	}
	return math.MaxUint64, Below
}

// truncInt sets t to |x| truncated to an integer (x finite, exp > 0).
func (x *Float) truncInt(t *Int) {
	s := x.lsb()
	if s >= 0 {
		t.Lsh(&x.mant, uint(s))
	} else {
		t.Rsh(&x.mant, uint(-s))
	}
}

// Int64 returns the integer resulting from truncating x towards zero,
// and the accuracy of the result.
func (x *Float) Int64() (int64, Accuracy) {
	switch x.form {
	case fFinite:
		acc := makeAcc(x.neg)
		if x.exp <= 0 {
			return 0, acc
		}
		if x.exp <= 63 {
			var t Int
			x.truncInt(&t)
			i := t.Int64()
			if x.neg {
				i = -i
			}
			if int(x.MinPrec()) <= x.exp {
				return i, Exact
			}
			return i, acc
		}
		if x.neg {
			if x.exp == 64 && x.MinPrec() == 1 {
				acc = Exact
			}
			return math.MinInt64, acc
		}
		return math.MaxInt64, Below
	case fZero:
		return 0, Exact
	}
	if x.neg {
		return math.MinInt64, Above
	}
	return math.MaxInt64, Below
}

// toFloat is Float32 and Float64: mbits mantissa bits (without the
// implicit one), exponent bias bias.
func (x *Float) toFloat(mbits, bias int) (mant uint64, bexp int, acc Accuracy, special int) {
	emin := 1 - bias
	e := x.exp - 1
	p := mbits + 1
	if e < emin {
		p = mbits + 1 - emin + e
		if p < 0 || p == 0 && x.mant.BitLen() == 1 {
			return 0, 0, makeAcc(x.neg), 1 // ±0
		}
		if p == 0 {
			return 0, 0, makeAcc(!x.neg), 2 // ±smallest
		}
	}
	var r Float
	r.prec = uint32(p)
	r.Set(x)
	e = r.exp - 1
	if r.form == fInf || e > bias {
		return 0, 0, makeAcc(!x.neg), 3 // ±Inf
	}
	var m Int
	m.Set(&r.mant)
	if n := m.BitLen(); n > p {
		// as Go, which reads the top bits of a longer mantissa
		m.Rsh(&m, uint(n-p))
	} else {
		m.Lsh(&m, uint(p-n))
	}
	u := m.Uint64()
	if e < emin {
		return u, 0, r.acc, 0
	}
	return u &^ (1 << uint(mbits)), e + bias, r.acc, 0
}

// Float64 returns the float64 value nearest to x (ToNearestEven) and
// the accuracy of the result.
func (x *Float) Float64() (float64, Accuracy) {
	switch x.form {
	case fFinite:
		mant, bexp, acc, special := x.toFloat(52, 1023)
		var sign uint64
		if x.neg {
			sign = 1 << 63
		}
		switch special {
		case 1:
			return math.Float64frombits(sign), acc
		case 2:
			return math.Float64frombits(sign | 1), acc
		case 3:
			return math.Float64frombits(sign | 0x7ff<<52), acc
		}
		return math.Float64frombits(sign | uint64(bexp)<<52 | mant), acc
	case fZero:
		if x.neg {
			return math.Float64frombits(1 << 63), Exact
		}
		return 0, Exact
	}
	if x.neg {
		return math.Inf(-1), Exact
	}
	return math.Inf(1), Exact
}

// Float32 returns the float32 value nearest to x (ToNearestEven) and
// the accuracy of the result.
func (x *Float) Float32() (float32, Accuracy) {
	switch x.form {
	case fFinite:
		mant, bexp, acc, special := x.toFloat(23, 127)
		var sign uint32
		if x.neg {
			sign = 1 << 31
		}
		switch special {
		case 1:
			return math.Float32frombits(sign), acc
		case 2:
			return math.Float32frombits(sign | 1), acc
		case 3:
			return math.Float32frombits(sign | 0xff<<23), acc
		}
		return math.Float32frombits(sign | uint32(bexp)<<23 | uint32(mant)), acc
	case fZero:
		if x.neg {
			return math.Float32frombits(1 << 31), Exact
		}
		return 0, Exact
	}
	if x.neg {
		return float32(math.Inf(-1)), Exact
	}
	return float32(math.Inf(1)), Exact
}

// Int returns the result of truncating x towards zero; or nil if x is
// an infinity. The result is Exact if x.IsInt(); otherwise it is Below
// for x > 0, and Above for x < 0. If a non-nil *Int argument z is
// provided, Int stores the result in z instead of allocating a new Int.
func (x *Float) Int(z *Int) (*Int, Accuracy) {
	if z == nil && x.form <= fFinite {
		z = new(Int)
	}
	switch x.form {
	case fFinite:
		acc := makeAcc(x.neg)
		if x.exp <= 0 {
			return z.SetInt64(0), acc
		}
		if int(x.MinPrec()) <= x.exp {
			acc = Exact
		}
		x.truncInt(z)
		if x.neg {
			z.Neg(z)
		}
		return z, acc
	case fZero:
		return z.SetInt64(0), Exact
	}
	return nil, makeAcc(x.neg)
}

// Rat returns the rational number corresponding to x; or nil if x is an
// infinity. The result is Exact if x is not an Inf. If a non-nil *Rat
// argument z is provided, Rat stores the result in z instead of
// allocating a new Rat.
func (x *Float) Rat(z *Rat) (*Rat, Accuracy) {
	if z == nil && x.form <= fFinite {
		z = new(Rat)
	}
	switch x.form {
	case fFinite:
		var a, b Int
		a.Set(&x.mant)
		if x.neg {
			a.Neg(&a)
		}
		b.SetInt64(1)
		if s := x.lsb(); s >= 0 {
			a.Lsh(&a, uint(s))
		} else {
			b.Lsh(&b, uint(-s))
		}
		return z.SetFrac(&a, &b), Exact
	case fZero:
		return z.SetInt64(0), Exact
	}
	return nil, makeAcc(x.neg)
}

// Abs sets z to the (possibly rounded) value |x| and returns z.
func (z *Float) Abs(x *Float) *Float {
	z.Set(x)
	z.neg = false
	return z
}

// Neg sets z to the (possibly rounded) value of x with its sign negated,
// and returns z.
func (z *Float) Neg(x *Float) *Float {
	z.Set(x)
	z.neg = !z.neg
	return z
}

// uadd sets z to |x| + |y| (finite, nonzero), rounded.
func (z *Float) uadd(x, y *Float) {
	ex, ey := x.lsb(), y.lsb()
	var t Int
	switch {
	case ex < ey:
		t.Lsh(&y.mant, uint(ey-ex))
		z.mant.Add(&x.mant, &t)
	case ex > ey:
		t.Lsh(&x.mant, uint(ex-ey))
		z.mant.Add(&t, &y.mant)
		ex = ey
	default:
		z.mant.Add(&x.mant, &y.mant)
	}
	z.setExpAndRound(ex+z.mant.BitLen(), false)
}

// usub sets z to |x| - |y| (finite, nonzero, |x| >= |y|), rounded.
func (z *Float) usub(x, y *Float) {
	ex, ey := x.lsb(), y.lsb()
	var t Int
	switch {
	case ex < ey:
		t.Lsh(&y.mant, uint(ey-ex))
		z.mant.Sub(&x.mant, &t)
	case ex > ey:
		t.Lsh(&x.mant, uint(ex-ey))
		z.mant.Sub(&t, &y.mant)
		ex = ey
	default:
		z.mant.Sub(&x.mant, &y.mant)
	}
	if z.mant.Sign() == 0 {
		z.acc = Exact
		z.form = fZero
		z.neg = false
		return
	}
	z.setExpAndRound(ex+z.mant.BitLen(), false)
}

// umul sets z to |x| × |y| (finite, nonzero), rounded.
func (z *Float) umul(x, y *Float) {
	e := x.lsb() + y.lsb()
	z.mant.Mul(&x.mant, &y.mant)
	z.setExpAndRound(e+z.mant.BitLen(), false)
}

// uquo sets z to |x| / |y| (finite, nonzero), correctly rounded: the
// quotient gets at least prec+2 bits and a sticky bit.
func (z *Float) uquo(x, y *Float) {
	k := int(z.prec) + 3 + y.mant.BitLen() - x.mant.BitLen()
	if k < 0 {
		k = 0
	}
	e := x.lsb() - y.lsb() - k - 1
	var a, r Int
	a.Lsh(&x.mant, uint(k))
	a.QuoRem(&a, &y.mant, &r)
	a.Lsh(&a, 1)
	if r.Sign() != 0 {
		a.Add(&a, intOne)
	}
	z.mant.Set(&a)
	z.setExpAndRound(e+z.mant.BitLen(), false)
}

// ucmp compares |x| and |y| (finite, nonzero).
func (x *Float) ucmp(y *Float) int {
	switch {
	case x.exp < y.exp:
		return -1
	case x.exp > y.exp:
		return +1
	}
	nx, ny := x.mant.BitLen(), y.mant.BitLen()
	var t Int
	switch {
	case nx < ny:
		t.Lsh(&x.mant, uint(ny-nx))
		return t.Cmp(&y.mant)
	case nx > ny:
		t.Lsh(&y.mant, uint(nx-ny))
		return x.mant.Cmp(&t)
	}
	return x.mant.Cmp(&y.mant)
}

func (z *Float) maxPrec(x, y *Float) {
	if z.prec == 0 {
		z.prec = x.prec
		if y.prec > z.prec {
			z.prec = y.prec
		}
	}
}

// addSub sets z to x + y, or x - y when sub (finite operands).
func (z *Float) addSub(x, y *Float, sub bool) {
	yneg := y.neg
	if sub {
		yneg = !yneg
	}
	z.neg = x.neg
	if x.neg == yneg {
		z.uadd(x, y)
	} else if x.ucmp(y) > 0 {
		z.usub(x, y)
	} else {
		z.neg = !z.neg
		z.usub(y, x)
	}
	if z.form == fZero && z.mode == ToNegativeInf && z.acc == Exact {
		z.neg = true
	}
}

// Add sets z to the rounded sum x+y and returns z. If z's precision is
// 0, it is changed to the larger of x's or y's precision before the
// operation. Add panics with ErrNaN if x and y are infinities with
// opposite signs.
func (z *Float) Add(x, y *Float) *Float {
	z.maxPrec(x, y)
	if x.form == fFinite && y.form == fFinite {
		z.addSub(x, y, false)
		return z
	}
	if x.form == fInf && y.form == fInf && x.neg != y.neg {
		z.acc = Exact
		z.form = fZero
		z.neg = false
		panic(ErrNaN{"addition of infinities with opposite signs"})
	}
	if x.form == fZero && y.form == fZero {
		z.acc = Exact
		z.form = fZero
		z.neg = x.neg && y.neg
		return z
	}
	if x.form == fInf || y.form == fZero {
		return z.Set(x)
	}
	return z.Set(y)
}

// Sub sets z to the rounded difference x-y and returns z. Precision,
// rounding and accuracy reporting are as for Add. Sub panics with
// ErrNaN if x and y are infinities with equal signs.
func (z *Float) Sub(x, y *Float) *Float {
	z.maxPrec(x, y)
	if x.form == fFinite && y.form == fFinite {
		z.addSub(x, y, true)
		return z
	}
	if x.form == fInf && y.form == fInf && x.neg == y.neg {
		z.acc = Exact
		z.form = fZero
		z.neg = false
		panic(ErrNaN{"subtraction of infinities with equal signs"})
	}
	if x.form == fZero && y.form == fZero {
		z.acc = Exact
		z.form = fZero
		z.neg = x.neg && !y.neg
		return z
	}
	if x.form == fInf || y.form == fZero {
		return z.Set(x)
	}
	return z.Neg(y)
}

// Mul sets z to the rounded product x*y and returns z. Mul panics with
// ErrNaN if one operand is zero and the other operand an infinity.
func (z *Float) Mul(x, y *Float) *Float {
	z.maxPrec(x, y)
	z.neg = x.neg != y.neg
	if x.form == fFinite && y.form == fFinite {
		z.umul(x, y)
		return z
	}
	z.acc = Exact
	if x.form == fZero && y.form == fInf || x.form == fInf && y.form == fZero {
		z.form = fZero
		z.neg = false
		panic(ErrNaN{"multiplication of zero with infinity"})
	}
	if x.form == fInf || y.form == fInf {
		z.form = fInf
		return z
	}
	z.form = fZero
	return z
}

// Quo sets z to the rounded quotient x/y and returns z. Quo panics with
// ErrNaN if both operands are zero or infinities.
func (z *Float) Quo(x, y *Float) *Float {
	z.maxPrec(x, y)
	z.neg = x.neg != y.neg
	if x.form == fFinite && y.form == fFinite {
		z.uquo(x, y)
		return z
	}
	z.acc = Exact
	if x.form == fZero && y.form == fZero || x.form == fInf && y.form == fInf {
		z.form = fZero
		z.neg = false
		panic(ErrNaN{"division of zero by zero or infinity by infinity"})
	}
	if x.form == fZero || y.form == fInf {
		z.form = fZero
		return z
	}
	z.form = fInf
	return z
}

func (x *Float) ord() int {
	var m int
	switch x.form {
	case fFinite:
		m = 1
	case fZero:
		return 0
	case fInf:
		m = 2
	}
	if x.neg {
		m = -m
	}
	return m
}

// Cmp compares x and y and returns -1, 0 or +1 as x < y, x == y (also
// -0 == +0 and -Inf == -Inf) or x > y.
func (x *Float) Cmp(y *Float) int {
	mx, my := x.ord(), y.ord()
	switch {
	case mx < my:
		return -1
	case mx > my:
		return +1
	}
	switch mx {
	case -1:
		return y.ucmp(x)
	case +1:
		return x.ucmp(y)
	}
	return 0
}

// floatThree is 3, made on first use by any goroutine (Go's threeOnce).
var (
	floatThreeOnce sync.Once
	floatThree     *Float
)

// Sqrt sets z to the rounded square root of x, and returns it. If z's
// precision is 0, it is changed to x's precision before the operation.
// Rounding is performed according to z's precision and rounding mode
// (as in Go, z then has x's rounding mode), but z's accuracy is not
// computed. Sqrt panics with ErrNaN if x < 0.
func (z *Float) Sqrt(x *Float) *Float {
	if z.prec == 0 {
		z.prec = x.prec
	}
	if x.Sign() == -1 {
		panic(ErrNaN{"square root of negative operand"})
	}
	if x.form != fFinite {
		z.acc = Exact
		z.form = x.form
		z.neg = x.neg
		return z
	}
	prec := z.prec
	b := x.MantExp(z)
	z.prec = prec
	// make the exponent even: z in [0.25, 1)... [0.5, 2)
	switch b % 2 {
	case 1:
		z.exp++
	case -1:
		z.exp--
	}
	z.invSqrtMul()
	return z.SetMantExp(z, b/2)
}

// invSqrtMul sets z to z × 1/√z, 1/√z found by Newton's iteration
// t' = t(3 - zt²)/2 from float64's estimate, doubling the working
// precision each step until it exceeds z.prec+32 bits.
func (z *Float) invSqrtMul() {
	floatThreeOnce.Do(func() { floatThree = NewFloat(3.0) })
	var u, v Float
	f, _ := z.Float64()
	t := new(Float).SetFloat64(1 / math.Sqrt(f))
	for want := z.prec + 32; t.prec < want; {
		t.prec *= 2
		u.prec, v.prec = t.prec, t.prec
		u.Mul(t, t)
		u.Mul(z, &u)
		v.Sub(floatThree, &u)
		u.Mul(t, &v)
		u.exp--
		t.Set(&u)
	}
	z.Mul(z, t)
}

// A fDec is a decimal number 0.mant × 10**exp (mant: digits without
// trailing zeros; empty for 0).
type fDec struct {
	mant []byte
	exp  int
}

func (d *fDec) at(i int) byte {
	if 0 <= i && i < len(d.mant) {
		return d.mant[i]
	}
	return '0'
}

// fDecOf is the exact decimal value of m × 2**shift (m >= 0).
func fDecOf(m *Int, shift int) fDec {
	var d fDec
	if m.Sign() == 0 {
		return d
	}
	var t Int
	t.Set(m)
	if shift < 0 {
		tz := int(t.TrailingZeroBits())
		if tz > -shift {
			tz = -shift
		}
		t.Rsh(&t, uint(tz))
		shift += tz
	}
	k := 0
	if shift > 0 {
		t.Lsh(&t, uint(shift))
	} else if shift < 0 {
		// m × 2**-k = m × 5**k / 10**k
		k = -shift
		var p Int
		p.Exp(NewInt(5), NewInt(int64(k)), nil)
		t.Mul(&t, &p)
	}
	s := t.Text(10)
	d.exp = len(s) - k
	n := len(s)
	for n > 0 && s[n-1] == '0' {
		n--
	}
	d.mant = []byte(s[:n])
	return d
}

func (d *fDec) trim() {
	i := len(d.mant)
	for i > 0 && d.mant[i-1] == '0' {
		i--
	}
	d.mant = d.mant[:i]
	if i == 0 {
		d.exp = 0
	}
}

func (d *fDec) roundUp(n int) {
	if n < 0 || n >= len(d.mant) {
		return
	}
	for n > 0 && d.mant[n-1] >= '9' {
		n--
	}
	if n == 0 {
		d.mant[0] = '1'
		d.mant = d.mant[:1]
		d.exp++
		return
	}
	d.mant[n-1]++
	d.mant = d.mant[:n]
}

func (d *fDec) roundDown(n int) {
	if n < 0 || n >= len(d.mant) {
		return
	}
	d.mant = d.mant[:n]
	d.trim()
}

// round rounds d to n digits, half to even (d is exact).
func (d *fDec) round(n int) {
	if n < 0 || n >= len(d.mant) {
		return
	}
	up := d.mant[n] >= '5'
	if d.mant[n] == '5' && n+1 == len(d.mant) {
		up = n > 0 && (d.mant[n-1]-'0')&1 != 0
	}
	if up {
		d.roundUp(n)
	} else {
		d.roundDown(n)
	}
}

// roundShortest rounds d (x's exact value) to the fewest digits that
// still read back as x at x's precision.
func (d *fDec) roundShortest(x *Float) {
	if len(d.mant) == 0 {
		return
	}
	// x's mantissa with prec+1 bits: lower and upper are the midpoints
	// to x's neighbours
	var m Int
	m.Lsh(&x.mant, uint(int(x.prec)+1-x.mant.BitLen()))
	e := x.exp - int(x.prec) - 1
	var t Int
	lower := fDecOf(t.Sub(&m, intOne), e)
	upper := fDecOf(t.Add(&m, intOne), e)
	inclusive := m.Bit(1) == 0
	for i, c := range d.mant {
		l := lower.at(i)
		u := upper.at(i)
		okdown := l != c || inclusive && i+1 == len(lower.mant)
		okup := c != u && (inclusive || c+1 < u || i+1 < len(upper.mant) || i >= len(upper.mant) && c < '9')
		switch {
		case okdown && okup:
			d.round(i + 1)
			return
		case okdown:
			d.roundDown(i + 1)
			return
		case okup:
			d.roundUp(i + 1)
			return
		}
	}
}

// Text converts the floating-point number x to a string according to
// the given format and precision prec: 'e' -d.dddde±dd, 'E', 'f'
// -ddddd.dddd, 'g' ('e' for large exponents, 'f' otherwise), 'G', 'x'
// -0xd.dddddp±dd (hexadecimal mantissa), 'p' -0x.dddp±dd (hexadecimal
// mantissa, binary exponent), 'b' -ddddddp±dd (decimal mantissa, binary
// exponent). A negative prec selects the smallest number of decimal
// digits necessary to represent x uniquely at x's precision.
func (x *Float) Text(format byte, prec int) string {
	return string(x.Append(nil, format, prec))
}

// String formats x like x.Text('g', 10).
func (x *Float) String() string {
	return x.Text('g', 10)
}

// Append appends to buf the string form of x, as generated by x.Text,
// and returns the extended buffer.
func (x *Float) Append(buf []byte, fmt byte, prec int) []byte {
	if x.neg {
		buf = append(buf, '-')
	}
	if x.form == fInf {
		if !x.neg {
			buf = append(buf, '+')
		}
		return append(buf, "Inf"...)
	}
	switch fmt {
	case 'b':
		return x.fmtB(buf)
	case 'p':
		return x.fmtP(buf)
	case 'x':
		return x.fmtX(buf, prec)
	}
	var d fDec
	if x.form == fFinite {
		d = fDecOf(&x.mant, x.lsb())
	}
	shortest := false
	if prec < 0 {
		shortest = true
		d.roundShortest(x)
		switch fmt {
		case 'e', 'E':
			prec = len(d.mant) - 1
		case 'f':
			prec = len(d.mant) - d.exp
			if prec < 0 {
				prec = 0
			}
		case 'g', 'G':
			prec = len(d.mant)
		}
	} else {
		switch fmt {
		case 'e', 'E':
			d.round(1 + prec)
		case 'f':
			d.round(d.exp + prec)
		case 'g', 'G':
			if prec == 0 {
				prec = 1
			}
			d.round(prec)
		}
	}
	switch fmt {
	case 'e', 'E':
		return fmtE(buf, fmt, prec, d)
	case 'f':
		return fmtF(buf, prec, d)
	case 'g', 'G':
		eprec := prec
		if eprec > len(d.mant) && len(d.mant) >= d.exp {
			eprec = len(d.mant)
		}
		if shortest {
			eprec = 6
		}
		exp := d.exp - 1
		if exp < -4 || exp >= eprec {
			if prec > len(d.mant) {
				prec = len(d.mant)
			}
			return fmtE(buf, fmt+'e'-'g', prec-1, d)
		}
		if prec > d.exp {
			prec = len(d.mant)
		}
		p := prec - d.exp
		if p < 0 {
			p = 0
		}
		return fmtF(buf, p, d)
	}
	if x.neg {
		buf = buf[:len(buf)-1]
	}
	return append(buf, '%', fmt)
}

func fmtE(buf []byte, fmt byte, prec int, d fDec) []byte {
	ch := byte('0')
	if len(d.mant) > 0 {
		ch = d.mant[0]
	}
	buf = append(buf, ch)
	if prec > 0 {
		buf = append(buf, '.')
		for i := 1; i <= prec; i++ {
			buf = append(buf, d.at(i))
		}
	}
	buf = append(buf, fmt)
	exp := 0
	if len(d.mant) > 0 {
		exp = d.exp - 1
	}
	if exp < 0 {
		buf = append(buf, '-')
		exp = -exp
	} else {
		buf = append(buf, '+')
	}
	if exp < 10 {
		buf = append(buf, '0')
	}
	return strconv.AppendInt(buf, int64(exp), 10)
}

func fmtF(buf []byte, prec int, d fDec) []byte {
	if d.exp > 0 {
		for i := 0; i < d.exp; i++ {
			buf = append(buf, d.at(i))
		}
	} else {
		buf = append(buf, '0')
	}
	if prec > 0 {
		buf = append(buf, '.')
		for i := 0; i < prec; i++ {
			buf = append(buf, d.at(d.exp+i))
		}
	}
	return buf
}

func (x *Float) fmtB(buf []byte) []byte {
	if x.form == fZero {
		return append(buf, '0')
	}
	var m Int
	m.Lsh(&x.mant, uint(int(x.prec)-x.mant.BitLen()))
	buf = append(buf, m.Text(10)...)
	buf = append(buf, 'p')
	e := x.exp - int(x.prec)
	if e >= 0 {
		buf = append(buf, '+')
	}
	return strconv.AppendInt(buf, int64(e), 10)
}

func (x *Float) fmtX(buf []byte, prec int) []byte {
	if x.form == fZero {
		buf = append(buf, "0x0"...)
		if prec > 0 {
			buf = append(buf, '.')
			for i := 0; i < prec; i++ {
				buf = append(buf, '0')
			}
		}
		return append(buf, "p+00"...)
	}
	var n uint
	if prec < 0 {
		n = 1 + (x.MinPrec()-1+3)/4*4
	} else {
		n = 1 + 4*uint(prec)
	}
	r := new(Float).SetPrec(n).SetMode(x.mode).Set(x)
	var m Int
	m.Lsh(&r.mant, n-uint(r.mant.BitLen()))
	hm := m.Text(16)
	buf = append(buf, "0x1"...)
	if len(hm) > 1 {
		buf = append(buf, '.')
		buf = append(buf, hm[1:]...)
	}
	buf = append(buf, 'p')
	e := r.exp - 1
	if e >= 0 {
		buf = append(buf, '+')
	} else {
		e = -e
		buf = append(buf, '-')
	}
	if e < 10 {
		buf = append(buf, '0')
	}
	return strconv.AppendInt(buf, int64(e), 10)
}

func (x *Float) fmtP(buf []byte) []byte {
	if x.form == fZero {
		return append(buf, '0')
	}
	var m Int
	n := x.mant.BitLen()
	m.Lsh(&x.mant, uint((4-n%4)%4))
	hm := m.Text(16)
	i := len(hm)
	for i > 0 && hm[i-1] == '0' {
		i--
	}
	buf = append(buf, "0x."...)
	buf = append(buf, hm[:i]...)
	buf = append(buf, 'p')
	if x.exp >= 0 {
		buf = append(buf, '+')
	}
	return strconv.AppendInt(buf, int64(x.exp), 10)
}

// Format implements fmt.Formatter. It accepts all the regular formats
// for floating-point numbers ('b', 'e', 'E', 'f', 'F', 'g', 'G', 'x')
// as well as 'p' and 'v'. See (*Float).Text for the interpretation of
// 'p'. The 'v' format is handled like 'g'. Format also supports the
// minimum precision in digits, the output field width, as well as the
// format flags '+' and ' ' for sign control, '0' for space or zero
// padding, and '-' for left or right justification.
func (x *Float) Format(s fmt.State, format rune) {
	prec, hasPrec := s.Precision()
	if !hasPrec {
		prec = 6
	}
	switch format {
	case 'e', 'E', 'f', 'b', 'p', 'x':
	case 'F':
		format = 'f'
	case 'v':
		format = 'g'
		if !hasPrec {
			prec = -1
		}
	case 'g', 'G':
		if !hasPrec {
			prec = -1
		}
	default:
		fmt.Fprintf(s, "%%!%c(*big.Float=%s)", format, x.String())
		return
	}
	buf := x.Append(nil, byte(format), prec)
	if len(buf) == 0 {
		buf = []byte("?")
	}
	sign := ""
	switch {
	case buf[0] == '-':
		sign = "-"
		buf = buf[1:]
	case buf[0] == '+':
		sign = "+"
		if s.Flag(' ') {
			sign = " "
		}
		buf = buf[1:]
	case s.Flag('+'):
		sign = "+"
	case s.Flag(' '):
		sign = " "
	}
	pad := 0
	if width, ok := s.Width(); ok && width > len(sign)+len(buf) {
		pad = width - len(sign) - len(buf)
	}
	var out string
	switch {
	case s.Flag('0') && !x.IsInf():
		out = sign + bigRepeat("0", pad) + string(buf)
	case s.Flag('-'):
		out = sign + string(buf) + bigRepeat(" ", pad)
	default:
		out = bigRepeat(" ", pad) + sign + string(buf)
	}
	s.Write([]byte(out))
}

// fByteScanner reads the bytes of a number (a string, or a
// fmt.ScanState's runes).
type fByteScanner interface {
	ReadByte() (byte, error)
	UnreadByte() error
}

type fStrReader struct {
	s string
	i int
}

func (r *fStrReader) ReadByte() (byte, error) {
	if r.i >= len(r.s) {
		return 0, io.EOF
	}
	c := r.s[r.i]
	r.i++
	return c, nil
}

func (r *fStrReader) UnreadByte() error {
	if r.i > 0 {
		r.i--
	}
	return nil
}

type fStateReader struct {
	s fmt.ScanState
}

func (r fStateReader) ReadByte() (byte, error) {
	ch, size, err := r.s.ReadRune()
	if size != 1 && err == nil {
		err = fmt.Errorf("invalid rune %#U", ch)
	}
	return byte(ch), err
}

func (r fStateReader) UnreadByte() error {
	return r.s.UnreadRune()
}

var (
	fErrNoDigits = errors.New("number has no digits")
	fErrInvalSep = errors.New("'_' must separate successive digits")
)

// fScanMant reads a mantissa in base (0: from a prefix; else 2, 8, 10
// or 16) with an optional fraction: its digits' value, the base, and
// the count of fraction digits as a number <= 0 (or the digit count
// when there is no point).
func fScanMant(r fByteScanner, base int) (m Int, b, count int, err error) {
	if !(base == 0 || base == 2 || base == 8 || base == 10 || base == 16) {
		panic(fmt.Sprintf("invalid number base %d", base))
	}
	prev := '.'
	invalSep := false
	fracOk := true
	ch, err := r.ReadByte()
	b = base
	if base == 0 {
		b = 10
		if err == nil && ch == '0' {
			prev = '0'
			count = 1
			ch, err = r.ReadByte()
			if err == nil {
				prefix := false
				switch ch {
				case 'b', 'B':
					b, prefix = 2, true
				case 'o', 'O':
					b, prefix = 8, true
				case 'x', 'X':
					b, prefix = 16, true
				}
				if prefix {
					count = 0
					ch, err = r.ReadByte()
				}
			}
		}
	}
	var digits []byte
	dp := -1
	for err == nil {
		if ch == '.' && fracOk {
			fracOk = false
			if prev == '_' {
				invalSep = true
			}
			prev = '.'
			dp = count
		} else if ch == '_' && base == 0 {
			if prev != '0' {
				invalSep = true
			}
			prev = '_'
		} else {
			d := 99
			switch {
			case '0' <= ch && ch <= '9':
				d = int(ch - '0')
			case 'a' <= ch && ch <= 'z':
				d = int(ch-'a') + 10
			case 'A' <= ch && ch <= 'Z':
				d = int(ch-'A') + 10
			}
			if d >= b {
				r.UnreadByte()
				break
			}
			prev = '0'
			count++
			digits = append(digits, ch)
		}
		ch, err = r.ReadByte()
	}
	if err == io.EOF {
		err = nil
	}
	if err == nil && (invalSep || prev == '_') {
		err = fErrInvalSep
	}
	if count == 0 {
		err = fErrNoDigits
	}
	if len(digits) > 0 {
		m.SetString(string(digits), b)
	}
	if dp >= 0 {
		count = dp - count
	}
	return
}

// fScanExp reads an optional exponent: 'e' or 'E' (base 10) or 'p' or
// 'P' (base 2), a sign and decimal digits.
func fScanExp(r fByteScanner, sepOk bool) (exp int64, base int, err error) {
	ch, err := r.ReadByte()
	if err != nil {
		if err == io.EOF {
			err = nil
		}
		return 0, 10, err
	}
	switch ch {
	case 'e', 'E':
		base = 10
	case 'p', 'P':
		base = 2
	default:
		r.UnreadByte()
		return 0, 10, nil
	}
	var digits []byte
	ch, err = r.ReadByte()
	if err == nil && (ch == '+' || ch == '-') {
		if ch == '-' {
			digits = append(digits, '-')
		}
		ch, err = r.ReadByte()
	}
	prev := '.'
	invalSep := false
	hasDigits := false
	for err == nil {
		if '0' <= ch && ch <= '9' {
			digits = append(digits, ch)
			prev = '0'
			hasDigits = true
		} else if ch == '_' && sepOk {
			if prev != '0' {
				invalSep = true
			}
			prev = '_'
		} else {
			r.UnreadByte()
			break
		}
		ch, err = r.ReadByte()
	}
	if err == io.EOF {
		err = nil
	}
	if err == nil && !hasDigits {
		err = fErrNoDigits
	}
	if err == nil {
		exp, err = strconv.ParseInt(string(digits), 10, 64)
	}
	if err == nil && (invalSep || prev == '_') {
		err = fErrInvalSep
	}
	return
}

// scan reads a number (sign, mantissa, exponent) and sets z to its
// value rounded to z's precision (64 if 0) and mode.
func (z *Float) scan(r fByteScanner, base int) (f *Float, b int, err error) {
	prec := z.prec
	if prec == 0 {
		prec = 64
	}
	z.form = fZero
	ch, err := r.ReadByte()
	if err != nil {
		return
	}
	z.neg = false
	switch ch {
	case '-':
		z.neg = true
	case '+':
	default:
		r.UnreadByte()
	}
	m, b, fcount, err := fScanMant(r, base)
	if err != nil {
		return
	}
	exp, ebase, err := fScanExp(r, base == 0)
	if err != nil {
		return
	}
	if m.Sign() == 0 {
		z.prec = prec
		z.acc = Exact
		z.form = fZero
		f = z
		return
	}
	exp2 := int64(m.BitLen())
	exp5 := int64(0)
	if fcount < 0 {
		d := int64(fcount)
		switch b {
		case 10:
			exp5 = d
			exp2 += d
		case 2:
			exp2 += d
		case 8:
			exp2 += d * 3
		case 16:
			exp2 += d * 4
		}
	}
	if ebase == 10 {
		exp5 += exp
	}
	exp2 += exp
	if exp2 < MinExp || exp2 > MaxExp {
		err = errors.New("exponent overflow")
		return
	}
	z.prec = prec
	z.form = fFinite
	z.exp = int(exp2)
	z.mant.Set(&m)
	f = z
	if exp5 == 0 {
		z.fRound(false)
		return
	}
	p := new(Float).SetPrec(uint(z.prec) + 64)
	if exp5 < 0 {
		z.Quo(z, p.pow5(uint64(-exp5)))
	} else {
		z.Mul(z, p.pow5(uint64(exp5)))
	}
	return
}

// pow5 sets z to 5**n (rounded as Go's: exact up to 5**27, then by
// squaring at z's precision plus 64 bits) and returns z.
func (z *Float) pow5(n uint64) *Float {
	p27 := uint64(7450580596923828125)
	if n <= 27 {
		v := uint64(1)
		for i := uint64(0); i < n; i++ {
			v *= 5
		}
		return z.SetUint64(v)
	}
	z.SetUint64(p27)
	n -= 27
	f := new(Float).SetPrec(z.Prec() + 64).SetUint64(5)
	for n > 0 {
		if n&1 != 0 {
			z.Mul(z, f)
		}
		f.Mul(f, f)
		n >>= 1
	}
	return z
}

// Parse parses s which must contain a text representation of a
// floating-point number with a mantissa in the given conversion base
// (the exponent is always a decimal number), or a string representing
// an infinite value. It sets z to the (possibly rounded) value of the
// number and returns z, the actual base b, and an error err, if any.
func (z *Float) Parse(s string, base int) (f *Float, b int, err error) {
	if len(s) == 3 && (s == "Inf" || s == "inf") {
		f = z.SetInf(false)
		return
	}
	if len(s) == 4 && (s[0] == '+' || s[0] == '-') && (s[1:] == "Inf" || s[1:] == "inf") {
		f = z.SetInf(s[0] == '-')
		return
	}
	r := &fStrReader{s: s}
	if f, b, err = z.scan(r, base); err != nil {
		return
	}
	if ch, err2 := r.ReadByte(); err2 == nil {
		err = fmt.Errorf("expected end of string, found %q", ch)
	}
	return
}

// SetString sets z to the value of s and returns z and a boolean
// indicating success (s as for Parse with base 0).
func (z *Float) SetString(s string) (*Float, bool) {
	if f, _, err := z.Parse(s, 0); err == nil {
		return f, true
	}
	return nil, false
}

// ParseFloat is like f.Parse(s, base) with f set to the given precision
// and rounding mode.
func ParseFloat(s string, base int, prec uint, mode RoundingMode) (f *Float, b int, err error) {
	return new(Float).SetPrec(prec).SetMode(mode).Parse(s, base)
}

// Scan is a support routine for fmt.Scanner; it sets z to the value of
// the scanned number. It accepts formats whose verbs are supported by
// fmt.Scan for floating point values.
func (z *Float) Scan(s fmt.ScanState, ch rune) error {
	s.SkipSpace()
	_, _, err := z.scan(fStateReader{s}, 0)
	return err
}

// AppendText implements encoding.TextAppender (the 'g' format with the
// shortest representation).
func (x *Float) AppendText(b []byte) ([]byte, error) {
	if x == nil {
		return append(b, "<nil>"...), nil
	}
	return x.Append(b, 'g', -1), nil
}

// MarshalText implements encoding.TextMarshaler.
func (x *Float) MarshalText() (text []byte, err error) {
	return x.AppendText(nil)
}

// UnmarshalText implements encoding.TextUnmarshaler. The result is
// rounded per the precision and rounding mode of z.
func (z *Float) UnmarshalText(text []byte) error {
	_, _, err := z.Parse(string(text), 0)
	if err != nil {
		err = fmt.Errorf("math/big: cannot unmarshal %q into a *big.Float (%v)", text, err)
	}
	return err
}

// GobEncode implements gob.GobEncoder: version, mode, accuracy, form,
// sign, precision, and for a finite x its exponent and mantissa words.
func (x *Float) GobEncode() ([]byte, error) {
	if x == nil {
		return nil, nil
	}
	sz := 6
	n := 0
	if x.form == fFinite {
		n = (int(x.prec) + 63) / 64
		if w := (x.mant.BitLen() + 63) / 64; w < n {
			n = w
		}
		sz += 4 + n*8
	}
	buf := make([]byte, sz)
	buf[0] = 1
	b := byte(x.mode&7)<<5 | byte((x.acc+1)&3)<<3 | (x.form&3)<<1
	if x.neg {
		b |= 1
	}
	buf[1] = b
	fPut32(buf[2:], x.prec)
	if x.form == fFinite {
		fPut32(buf[6:], uint32(int32(x.exp)))
		var m Int
		m.Lsh(&x.mant, uint(n*64-x.mant.BitLen()))
		if m.BitLen() > n*64 {
			m.Rsh(&m, uint(m.BitLen()-n*64))
		}
		m.FillBytes(buf[10:])
	}
	return buf, nil
}

func fPut32(b []byte, v uint32) {
	b[0], b[1], b[2], b[3] = byte(v>>24), byte(v>>16), byte(v>>8), byte(v)
}

func fGet32(b []byte) uint32 {
	return uint32(b[0])<<24 | uint32(b[1])<<16 | uint32(b[2])<<8 | uint32(b[3])
}

// GobDecode implements gob.GobDecoder. The result is rounded per the
// precision and rounding mode of z unless z's precision is 0, in which
// case z is set exactly to the decoded value.
func (z *Float) GobDecode(buf []byte) error {
	if len(buf) == 0 {
		*z = Float{}
		return nil
	}
	if len(buf) < 6 {
		return errors.New("Float.GobDecode: buffer too small")
	}
	if buf[0] != 1 {
		return fmt.Errorf("Float.GobDecode: encoding version %d not supported", buf[0])
	}
	oldPrec, oldMode := z.prec, z.mode
	b := buf[1]
	z.mode = RoundingMode((b >> 5) & 7)
	z.acc = Accuracy((b>>3)&3) - 1
	z.form = (b >> 1) & 3
	z.neg = b&1 != 0
	z.prec = fGet32(buf[2:])
	if z.form == fFinite {
		if len(buf) < 10 {
			return errors.New("Float.GobDecode: buffer too small for finite form float")
		}
		z.exp = int(int32(fGet32(buf[6:])))
		z.mant.SetBytes(buf[10:])
		if z.mant.Sign() == 0 {
			return errors.New("Float.GobDecode: nonzero finite number with empty mantissa")
		}
		if z.mant.BitLen()%64 != 0 {
			var top Int
			top.Rsh(&z.mant, uint((z.mant.BitLen()-1)/64*64))
			// Go's 'p' format of the mantissa words as they are
			hm := z.mant.Text(16)
			i := len(hm)
			for i > 0 && hm[i-1] == '0' {
				i--
			}
			sign, es := "", ""
			if z.neg {
				sign = "-"
			}
			if z.exp >= 0 {
				es = "+"
			}
			return fmt.Errorf("Float.GobDecode: msb not set in last word %#x of %s0x.%sp%s%d", top.Uint64(), sign, hm[:i], es, z.exp)
		}
		z.fTrim()
	}
	if oldPrec != 0 {
		z.mode = oldMode
		z.SetPrec(uint(oldPrec))
	}
	if z.form == fFinite && z.prec == 0 {
		return errors.New("Float.GobDecode: zero precision finite number")
	}
	return nil
}
