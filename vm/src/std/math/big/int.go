// Package big implements arbitrary-precision arithmetic (big numbers):
// Int, Rat and Float. The arithmetic is native (num-bigint,
// vm/src/std/math/big/mod.rs); an Int holds a handle to an immutable
// value, so the zero Int is 0 and receivers may alias arguments.
package big

import (
	"errors"
	"fmt"
	"strconv"
)

// MaxBase is the largest number base accepted for string conversions.
const MaxBase = 10 + ('z' - 'a' + 1) + ('Z' - 'A' + 1)

// A Word represents a single digit of a multi-precision unsigned integer.
type Word uint

// An Int represents a signed multi-precision integer.
// The zero value for an Int represents the value 0.
type Int struct {
	h int
}

// Natives over handles (vm/src/std/math/big/mod.rs).
// A native producing an Int takes the receiver's handle z first and
// returns the receiver's new handle (z itself when z's value was
// replaced in place).
func nAdd(z, x, y int) int
func nSub(z, x, y int) int
func nMul(z, x, y int) int
func nDivide(zq, zr, x, y int, mode int) (q, r int)
func nCmp(x, y int) int
func nCmpAbs(x, y int) int
func nSign(x int) int
func nCopy(z, x int) int
func nNeg(z, x int) int
func nAbs(z, x int) int
func nLsh(z, x int, n uint) int
func nRsh(z, x int, n uint) int
func nAnd(z, x, y int) int
func nOr(z, x, y int) int
func nXor(z, x, y int) int
func nAndNot(z, x, y int) int
func nNot(z, x int) int
func nBit(x int, i int) uint
func nSetBit(z, x int, i int, b uint) int
func nBitLen(x int) int
func nTrailingZeroBits(x int) uint
func nExp(z, x, y, m int) (int, bool)
func nGCD(a, b int, want bool) (d, x int)
func nModInverse(z, g, n int) (int, bool)
func nSqrt(z, x int) int
func nJacobi(x, y int) int
func nParse(z int, s string, base int) (int, bool)
func nText(x int, base int) string
func nInt64(x int) uint64
func nUint64(x int) uint64
func nIsInt64(x int) bool
func nIsUint64(x int) bool
func nFromUint64(z int, v uint64) int
func nFromInt64(z int, v int64) int
func nFloat64(x int) (float64, int)
func nFromFloat64(z int, f float64) int
func nBytes(x int) []byte
func nSetBytes(z int, b []byte) int
func nWords(x int) []Word
func nSetWords(z int, w []Word, neg bool) int
func nProbablyPrime(x int, n int) bool
func nMulRange(z int, a, b int64) int
func nBinomial(z int, n, k int64) int

const smallMax = 1<<61 - 1

func handleOf(v int64) int {
	if v == 0 {
		return 0
	}
	if v >= -smallMax && v <= smallMax {
		return int(v<<1 | 1)
	}
	return nFromInt64(0, v)
}

var intOne = NewInt(1)

// Sign returns -1, 0 or +1 as x is negative, zero or positive.
func (x *Int) Sign() int {
	h := x.h
	if h == 0 {
		return 0
	}
	if h&1 == 1 {
		if h < 0 {
			return -1
		}
		return 1
	}
	return nSign(h)
}

// SetInt64 sets z to x and returns z.
func (z *Int) SetInt64(x int64) *Int {
	z.h = handleOf(x)
	return z
}

// SetUint64 sets z to x and returns z.
func (z *Int) SetUint64(x uint64) *Int {
	if x <= smallMax {
		z.h = handleOf(int64(x))
	} else {
		z.h = nFromUint64(z.h, x)
	}
	return z
}

// NewInt allocates and returns a new Int set to x.
func NewInt(x int64) *Int {
	return &Int{handleOf(x)}
}

// Set sets z to x and returns z.
func (z *Int) Set(x *Int) *Int {
	z.h = nCopy(z.h, x.h)
	return z
}

// Bits provides raw access to x's absolute value as little-endian Words.
// Unlike Go's, the slice is a copy: writing it does not change x.
func (x *Int) Bits() []Word {
	return nWords(x.h)
}

// SetBits sets z to the value of abs, interpreted as a little-endian
// Word slice, and returns z.
func (z *Int) SetBits(abs []Word) *Int {
	z.h = nSetWords(z.h, abs, false)
	return z
}

// Abs sets z to |x| and returns z.
func (z *Int) Abs(x *Int) *Int {
	z.h = nAbs(z.h, x.h)
	return z
}

// Neg sets z to -x and returns z.
func (z *Int) Neg(x *Int) *Int {
	z.h = nNeg(z.h, x.h)
	return z
}

// Add sets z to the sum x+y and returns z.
func (z *Int) Add(x, y *Int) *Int {
	z.h = nAdd(z.h, x.h, y.h)
	return z
}

// Sub sets z to the difference x-y and returns z.
func (z *Int) Sub(x, y *Int) *Int {
	z.h = nSub(z.h, x.h, y.h)
	return z
}

// Mul sets z to the product x*y and returns z.
func (z *Int) Mul(x, y *Int) *Int {
	z.h = nMul(z.h, x.h, y.h)
	return z
}

// MulRange sets z to the product of all integers in [a, b] and returns z.
func (z *Int) MulRange(a, b int64) *Int {
	z.h = nMulRange(z.h, a, b)
	return z
}

// Binomial sets z to the binomial coefficient C(n, k) and returns z.
func (z *Int) Binomial(n, k int64) *Int {
	z.h = nBinomial(z.h, n, k)
	return z
}

func divCheck(y *Int) {
	if y.h == 0 {
		panic("division by zero")
	}
}

// Quo sets z to the quotient x/y for y != 0 and returns z (truncated).
func (z *Int) Quo(x, y *Int) *Int {
	divCheck(y)
	z.h, _ = nDivide(z.h, 1, x.h, y.h, 0)
	return z
}

// Rem sets z to the remainder x%y for y != 0 and returns z.
func (z *Int) Rem(x, y *Int) *Int {
	divCheck(y)
	_, z.h = nDivide(1, z.h, x.h, y.h, 0)
	return z
}

// QuoRem sets z to x/y and r to x%y (truncated) and returns (z, r).
func (z *Int) QuoRem(x, y, r *Int) (*Int, *Int) {
	divCheck(y)
	q, m := nDivide(z.h, r.h, x.h, y.h, 0)
	z.h, r.h = q, m
	return z, r
}

// Div sets z to the Euclidean quotient x/y for y != 0 and returns z.
func (z *Int) Div(x, y *Int) *Int {
	divCheck(y)
	z.h, _ = nDivide(z.h, 1, x.h, y.h, 4)
	return z
}

// Mod sets z to the Euclidean modulus x%y for y != 0 and returns z.
func (z *Int) Mod(x, y *Int) *Int {
	divCheck(y)
	_, z.h = nDivide(1, z.h, x.h, y.h, 4)
	return z
}

// DivMod sets z to the Euclidean quotient and m to the modulus of x/y.
func (z *Int) DivMod(x, y, m *Int) (*Int, *Int) {
	divCheck(y)
	q, r := nDivide(z.h, m.h, x.h, y.h, 4)
	z.h, m.h = q, r
	return z, m
}

// Divide computes q = f(x/y) and r = x - y*q, f being the rounding mode
// (Trunc, Floor, Round or Ceil); it sets z to q if z != nil and r if r
// != nil, and returns (z, r).
func (z *Int) Divide(x, y, r *Int, mode RoundingMode) (*Int, *Int) {
	divCheck(y)
	var m int
	switch mode {
	case Trunc:
		m = 0
	case Floor:
		m = 1
	case Ceil:
		m = 2
	case Round:
		m = 3
	default:
		panic("unsupported rounding mode")
	}
	zq, zr := 1, 1 // 1: discard
	if z != nil {
		zq = z.h
	}
	if r != nil {
		zr = r.h
	}
	q, rr := nDivide(zq, zr, x.h, y.h, m)
	if z != nil {
		z.h = q
	}
	if r != nil {
		r.h = rr
	}
	return z, r
}

// Cmp compares x and y: -1 if x < y, 0 if x == y, +1 if x > y.
func (x *Int) Cmp(y *Int) (r int) {
	a, b := x.h, y.h
	if (a == 0 || a&1 == 1) && (b == 0 || b&1 == 1) {
		if a < b {
			return -1
		}
		if a > b {
			return 1
		}
		return 0
	}
	return nCmp(a, b)
}

// CmpAbs compares the absolute values of x and y.
func (x *Int) CmpAbs(y *Int) int {
	return nCmpAbs(x.h, y.h)
}

// Int64 returns the int64 representation of x (undefined if it does not
// fit: the low 64 bits, as Go).
func (x *Int) Int64() int64 {
	h := x.h
	if h == 0 || h&1 == 1 {
		return int64(h >> 1)
	}
	return int64(nInt64(h))
}

// Uint64 returns the uint64 representation of x (undefined if it does
// not fit: the low 64 bits, as Go).
func (x *Int) Uint64() uint64 {
	h := x.h
	if h == 0 || h&1 == 1 {
		v := int64(h >> 1)
		if v < 0 {
			v = -v
		}
		return uint64(v)
	}
	return nUint64(h)
}

// IsInt64 reports whether x can be represented as an int64.
func (x *Int) IsInt64() bool {
	h := x.h
	if h == 0 || h&1 == 1 {
		return true
	}
	return nIsInt64(h)
}

// IsUint64 reports whether x can be represented as a uint64.
func (x *Int) IsUint64() bool {
	h := x.h
	if h == 0 || h&1 == 1 {
		return h >= 0
	}
	return nIsUint64(h)
}

// Float64 returns the float64 value nearest x and its accuracy.
func (x *Int) Float64() (float64, Accuracy) {
	f, a := nFloat64(x.h)
	return f, Accuracy(a)
}

// SetString sets z to the value of s, interpreted in the given base, and
// returns z and a boolean indicating success.
func (z *Int) SetString(s string, base int) (*Int, bool) {
	h, ok := nParse(z.h, s, base)
	if !ok {
		return nil, false
	}
	z.h = h
	return z, true
}

// SetBytes interprets buf as a big-endian unsigned integer, sets z to
// that value, and returns z.
func (z *Int) SetBytes(buf []byte) *Int {
	z.h = nSetBytes(z.h, buf)
	return z
}

// Bytes returns the absolute value of x as a big-endian byte slice.
func (x *Int) Bytes() []byte {
	return nBytes(x.h)
}

// FillBytes sets buf to the absolute value of x as a zero-extended
// big-endian byte slice, and returns buf.
func (x *Int) FillBytes(buf []byte) []byte {
	b := nBytes(x.h)
	if len(b) > len(buf) {
		panic("math/big: buffer too small to fit value")
	}
	for i := range buf {
		buf[i] = 0
	}
	copy(buf[len(buf)-len(b):], b)
	return buf
}

// BitLen returns the length of the absolute value of x in bits.
func (x *Int) BitLen() int {
	return nBitLen(x.h)
}

// TrailingZeroBits returns the number of consecutive least significant
// zero bits of |x|.
func (x *Int) TrailingZeroBits() uint {
	return nTrailingZeroBits(x.h)
}

// Exp sets z = x**y mod |m| and returns z. If m == nil or m == 0, z =
// x**y unless y <= 0 then z = 1. If m != 0, y < 0, and x and m are not
// relatively prime, z is unchanged and nil is returned.
func (z *Int) Exp(x, y, m *Int) *Int {
	mh := 0
	if m != nil {
		mh = m.h
	}
	h, ok := nExp(z.h, x.h, y.h, mh)
	if !ok {
		return nil
	}
	z.h = h
	return z
}

// GCD sets z to the greatest common divisor of a and b and returns z.
// If x or y are not nil, GCD sets their value such that z = a*x + b*y.
func (z *Int) GCD(x, y, a, b *Int) *Int {
	if a.h == 0 || b.h == 0 {
		sa, sb := a.Sign(), b.Sign()
		if a.h == 0 {
			z.h = nAbs(z.h, b.h)
		} else {
			z.h = nAbs(z.h, a.h)
		}
		if x != nil {
			x.SetInt64(int64(sa))
		}
		if y != nil {
			y.SetInt64(int64(sb))
		}
		return z
	}
	want := x != nil || y != nil
	ah, bh := a.h, b.h
	d, ua := nGCD(ah, bh, want)
	if y != nil {
		// y = (d - a*x) / b
		t := nSub(0, d, nMul(0, ah, ua))
		y.h, _ = nDivide(0, 1, t, bh, 4)
	}
	if x != nil {
		x.h = ua
	}
	z.h = d
	return z
}

// randSource is what Rand uses of a *math/rand.Rand (an interface here,
// so that math/big does not import math/rand).
type randSource interface {
	Uint32() uint32
}

// Rand sets z to a pseudo-random number in [0, n) and returns z; rnd is
// a *math/rand.Rand.
func (z *Int) Rand(rnd randSource, n *Int) *Int {
	if n.Sign() <= 0 {
		z.h = 0
		return z
	}
	limit := n.Bits()
	bl := n.BitLen()
	top := uint(bl % 64)
	if top == 0 {
		top = 64
	}
	mask := Word(1)<<top - 1
	ws := make([]Word, len(limit))
	var t Int
	for {
		for i := range ws {
			ws[i] = Word(rnd.Uint32()) | Word(rnd.Uint32())<<32
		}
		ws[len(ws)-1] &= mask
		t.SetBits(ws)
		if t.Cmp(n) < 0 {
			break
		}
	}
	z.h = t.h
	return z
}

// ModInverse sets z to the multiplicative inverse of g in the ring ℤ/nℤ
// and returns z; nil (z unchanged) if g and n are not relatively prime.
func (z *Int) ModInverse(g, n *Int) *Int {
	divCheck(n)
	h, ok := nModInverse(z.h, g.h, n.h)
	if !ok {
		return nil
	}
	z.h = h
	return z
}

// Jacobi returns the Jacobi symbol (x/y), either +1, -1, or 0. The y
// argument must be an odd integer.
func Jacobi(x, y *Int) int {
	if y.Bit(0) == 0 {
		panic("big: invalid 2nd argument to Int.Jacobi: need odd integer but got " + y.String())
	}
	return nJacobi(x.h, y.h)
}

// ModSqrt sets z to a square root of x mod p if such a square root
// exists, and returns z; nil (z unchanged) if x is not a square mod p.
func (z *Int) ModSqrt(x, p *Int) *Int {
	switch Jacobi(x, p) {
	case -1:
		return nil
	case 0:
		return z.SetInt64(0)
	}
	if x.Sign() < 0 || x.Cmp(p) >= 0 {
		x = new(Int).Mod(x, p)
	}
	one := intOne
	low := new(Int).And(p, NewInt(7)).Int64()
	if low&3 == 3 {
		e := new(Int).Add(p, one)
		e.Rsh(e, 2)
		return z.Exp(x, e, p)
	}
	if low == 5 {
		e := new(Int).Rsh(p, 3)
		tx := new(Int).Lsh(x, 1)
		alpha := new(Int).Exp(tx, e, p)
		beta := new(Int).Mul(alpha, alpha)
		beta.Mod(beta, p)
		beta.Mul(beta, tx)
		beta.Mod(beta, p)
		beta.Sub(beta, one)
		beta.Mul(beta, x)
		beta.Mod(beta, p)
		beta.Mul(beta, alpha)
		return z.Mod(beta, p)
	}
	// Tonelli–Shanks
	s := new(Int).Sub(p, one)
	e := s.TrailingZeroBits()
	s.Rsh(s, e)
	n := NewInt(2)
	for Jacobi(n, p) != -1 {
		n.Add(n, one)
	}
	y := new(Int).Add(s, one)
	y.Rsh(y, 1)
	y.Exp(x, y, p)
	b := new(Int).Exp(x, s, p)
	g := new(Int).Exp(n, s, p)
	r := e
	t := new(Int)
	for {
		var m uint
		t.Set(b)
		for t.Cmp(one) != 0 {
			t.Mul(t, t).Mod(t, p)
			m++
		}
		if m == 0 {
			return z.Set(y)
		}
		t.SetInt64(0).SetBit(t, int(r-m-1), 1).Exp(g, t, p)
		g.Mul(t, t).Mod(g, p)
		y.Mul(y, t).Mod(y, p)
		b.Mul(b, g).Mod(b, p)
		r = m
	}
}

// Lsh sets z = x << n and returns z.
func (z *Int) Lsh(x *Int, n uint) *Int {
	z.h = nLsh(z.h, x.h, n)
	return z
}

// Rsh sets z = x >> n and returns z (rounding toward -Inf).
func (z *Int) Rsh(x *Int, n uint) *Int {
	z.h = nRsh(z.h, x.h, n)
	return z
}

// Bit returns the value of the i'th bit of x (two's complement).
func (x *Int) Bit(i int) uint {
	if i < 0 {
		panic("negative bit index")
	}
	h := x.h
	if h&1 == 1 || h == 0 {
		if i >= 63 {
			if h < 0 {
				return 1
			}
			return 0
		}
		return uint(h>>1>>uint(i)) & 1
	}
	return nBit(h, i)
}

// SetBit sets z to x, with x's i'th bit set to b (0 or 1).
func (z *Int) SetBit(x *Int, i int, b uint) *Int {
	if i < 0 {
		panic("negative bit index")
	}
	if b > 1 {
		panic("set bit is not 0 or 1")
	}
	z.h = nSetBit(z.h, x.h, i, b)
	return z
}

// And sets z = x & y and returns z.
func (z *Int) And(x, y *Int) *Int {
	z.h = nAnd(z.h, x.h, y.h)
	return z
}

// AndNot sets z = x &^ y and returns z.
func (z *Int) AndNot(x, y *Int) *Int {
	z.h = nAndNot(z.h, x.h, y.h)
	return z
}

// Or sets z = x | y and returns z.
func (z *Int) Or(x, y *Int) *Int {
	z.h = nOr(z.h, x.h, y.h)
	return z
}

// Xor sets z = x ^ y and returns z.
func (z *Int) Xor(x, y *Int) *Int {
	z.h = nXor(z.h, x.h, y.h)
	return z
}

// Not sets z = ^x and returns z.
func (z *Int) Not(x *Int) *Int {
	z.h = nNot(z.h, x.h)
	return z
}

// Sqrt sets z to ⌊√x⌋ and returns it; it panics if x is negative.
func (z *Int) Sqrt(x *Int) *Int {
	if x.Sign() < 0 {
		panic("square root of negative number")
	}
	z.h = nSqrt(z.h, x.h)
	return z
}

// ProbablyPrime reports whether x is probably prime (Miller–Rabin with
// fixed bases, then n pseudo-random ones).
func (x *Int) ProbablyPrime(n int) bool {
	if n < 0 {
		panic("negative n for ProbablyPrime")
	}
	return nProbablyPrime(x.h, n)
}

// Text returns the string representation of x in the given base (2 to
// 62), "<nil>" for a nil x.
func (x *Int) Text(base int) string {
	if x == nil {
		return "<nil>"
	}
	if base < 2 || base > MaxBase {
		panic("invalid base")
	}
	return nText(x.h, base)
}

// Append appends the string representation of x, as generated by
// x.Text(base), to buf and returns the extended buffer.
func (x *Int) Append(buf []byte, base int) []byte {
	return append(buf, x.Text(base)...)
}

// String returns the decimal representation of x, as x.Text(10).
func (x *Int) String() string {
	return x.Text(10)
}

// AppendText implements encoding.TextAppender.
func (x *Int) AppendText(b []byte) (text []byte, err error) {
	return x.Append(b, 10), nil
}

// MarshalText implements encoding.TextMarshaler.
func (x *Int) MarshalText() (text []byte, err error) {
	if x == nil {
		return []byte("<nil>"), nil
	}
	return x.AppendText(nil)
}

// UnmarshalText implements encoding.TextUnmarshaler.
func (z *Int) UnmarshalText(text []byte) error {
	if _, ok := z.setFromText(string(text)); !ok {
		z.h = 0
		return errors.New("math/big: cannot unmarshal " + strconv.Quote(string(text)) + " into a *big.Int")
	}
	return nil
}

// setFromText is SetString with base 0 on a whole text.
func (z *Int) setFromText(s string) (*Int, bool) {
	return z.SetString(s, 0)
}

// MarshalJSON implements json.Marshaler.
func (x *Int) MarshalJSON() ([]byte, error) {
	if x == nil {
		return []byte("null"), nil
	}
	return []byte(x.Text(10)), nil
}

// UnmarshalJSON implements json.Unmarshaler.
func (z *Int) UnmarshalJSON(text []byte) error {
	if string(text) == "null" {
		return nil
	}
	return z.UnmarshalText(text)
}

// GobEncode implements gob.GobEncoder.
func (x *Int) GobEncode() ([]byte, error) {
	if x == nil {
		return nil, nil
	}
	b := x.Bytes()
	v := byte(1 << 1)
	if x.Sign() < 0 {
		v |= 1
	}
	return append([]byte{v}, b...), nil
}

// GobDecode implements gob.GobDecoder.
func (z *Int) GobDecode(buf []byte) error {
	if len(buf) == 0 {
		z.h = 0
		return nil
	}
	b := buf[0]
	if b>>1 != 1 {
		return errors.New("Int.GobDecode: encoding version " + strconv.Itoa(int(b>>1)) + " not supported")
	}
	z.SetBytes(buf[1:])
	if b&1 != 0 {
		z.Neg(z)
	}
	return nil
}

// Format implements fmt.Formatter: verbs 'b', 'o', 'O', 'd', 's', 'v',
// 'x' and 'X', with the '+', ' ', '#', '-' and '0' flags, width and
// precision (the minimum number of digits) as Go's fmt applies them to
// integers.
func (x *Int) Format(s fmt.State, ch rune) {
	base := 10
	switch ch {
	case 'b':
		base = 2
	case 'o', 'O':
		base = 8
	case 'd', 's', 'v':
	case 'x', 'X':
		base = 16
	default:
		fmt.Fprintf(s, "%%!%c(big.Int=%s)", ch, x.String())
		return
	}
	if x == nil {
		fmt.Fprint(s, "<nil>")
		return
	}
	sign := ""
	if x.Sign() < 0 {
		sign = "-"
	} else if s.Flag('+') {
		sign = "+"
	} else if s.Flag(' ') {
		sign = " "
	}
	prefix := ""
	if s.Flag('#') {
		switch ch {
		case 'b':
			prefix = "0b"
		case 'o':
			prefix = "0"
		case 'x':
			prefix = "0x"
		case 'X':
			prefix = "0X"
		}
	}
	if ch == 'O' {
		prefix = "0o"
	}
	digits := nText(x.h, base)
	if len(digits) > 0 && digits[0] == '-' {
		digits = digits[1:]
	}
	if ch == 'X' {
		digits = bigUpper(digits)
	}
	left, zeros, right := 0, 0, 0
	prec, precOK := s.Precision()
	if precOK {
		if len(digits) < prec {
			zeros = prec - len(digits)
		} else if digits == "0" && prec == 0 {
			return
		}
	}
	n := len(sign) + len(prefix) + zeros + len(digits)
	if width, ok := s.Width(); ok && n < width {
		d := width - n
		if s.Flag('-') {
			right = d
		} else if s.Flag('0') && !precOK {
			zeros = d
		} else {
			left = d
		}
	}
	out := bigRepeat(" ", left) + sign + prefix + bigRepeat("0", zeros) + digits + bigRepeat(" ", right)
	s.Write([]byte(out))
}

// Scan is a support routine for fmt.Scanner: it reads an Int in the
// base the verb gives ('b', 'o', 'd', 'x', 'X'; 's' and 'v' take the base
// from a prefix as SetString with base 0 does).
func (z *Int) Scan(s fmt.ScanState, ch rune) error {
	s.SkipSpace()
	base := 0
	switch ch {
	case 'b':
		base = 2
	case 'o':
		base = 8
	case 'd':
		base = 10
	case 'x', 'X':
		base = 16
	case 's', 'v':
	default:
		return errors.New("Int.Scan: invalid verb")
	}
	var lit []byte
	r, _, err := s.ReadRune()
	if err != nil {
		return err
	}
	if r == '+' || r == '-' {
		lit = append(lit, byte(r))
		if r, _, err = s.ReadRune(); err != nil {
			return errors.New("number has no digits")
		}
	}
	b := base
	prefixed := false
	if base == 0 {
		b = 10
		if r == '0' {
			lit = append(lit, '0')
			b = 8
			r, _, err = s.ReadRune()
			if err != nil {
				return z.scanSet(lit, 0)
			}
			switch r {
			case 'b', 'B':
				b, prefixed = 2, true
			case 'o', 'O':
				b, prefixed = 8, true
			case 'x', 'X':
				b, prefixed = 16, true
			}
			if prefixed {
				lit = append(lit, byte(r))
				if r, _, err = s.ReadRune(); err != nil {
					return errors.New("number has no digits")
				}
			}
		}
	}
	for {
		d := 99
		switch {
		case r >= '0' && r <= '9':
			d = int(r - '0')
		case r >= 'a' && r <= 'z':
			d = int(r-'a') + 10
		case r >= 'A' && r <= 'Z':
			d = int(r-'A') + 10
		case r == '_' && base == 0:
			d = 0
		}
		if d >= b {
			s.UnreadRune()
			break
		}
		lit = append(lit, byte(r))
		if r, _, err = s.ReadRune(); err != nil {
			break
		}
	}
	return z.scanSet(lit, base)
}

func (z *Int) scanSet(lit []byte, base int) error {
	digits := 0
	for _, c := range lit {
		if c != '+' && c != '-' && c != '_' {
			digits++
		}
	}
	if digits == 0 {
		return errors.New("number has no digits")
	}
	if _, ok := z.SetString(string(lit), base); !ok {
		if base == 0 && bigAny(string(lit), "_") {
			return errors.New("'_' must separate successive digits")
		}
		return errors.New("number has no digits")
	}
	return nil
}

// String helpers (math/big does not import strings, whose
// initialization costs every program that imports math/big).

func bigRepeat(s string, n int) string {
	if n <= 0 {
		return ""
	}
	b := make([]byte, 0, len(s)*n)
	for i := 0; i < n; i++ {
		b = append(b, s...)
	}
	return string(b)
}

func bigUpper(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'a' && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}

func bigIndex(s, t string) int {
	for i := 0; i+len(t) <= len(s); i++ {
		if s[i:i+len(t)] == t {
			return i
		}
	}
	return -1
}

func bigIndexAny(s, chars string) int {
	for i := 0; i < len(s); i++ {
		for j := 0; j < len(chars); j++ {
			if s[i] == chars[j] {
				return i
			}
		}
	}
	return -1
}

func bigAny(s, chars string) bool {
	return bigIndexAny(s, chars) >= 0
}
