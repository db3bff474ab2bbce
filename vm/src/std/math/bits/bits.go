// Package math/bits as minigo provides it, in Go: bit counting and
// manipulation for the unsigned integer types, and the full-width
// arithmetic (Add, Sub, Mul, Div) with Go's panics.
package bits

const uintSize = 64

// UintSize is the size of a uint in bits.
const UintSize = uintSize

func LeadingZeros(x uint) int     { return UintSize - Len(x) }
func LeadingZeros8(x uint8) int   { return 8 - Len8(x) }
func LeadingZeros16(x uint16) int { return 16 - Len16(x) }
func LeadingZeros32(x uint32) int { return 32 - Len32(x) }
func LeadingZeros64(x uint64) int { return 64 - Len64(x) }

func TrailingZeros(x uint) int { return TrailingZeros64(uint64(x)) }

func TrailingZeros8(x uint8) int {
	if x == 0 {
		return 8
	}
	return TrailingZeros64(uint64(x))
}

func TrailingZeros16(x uint16) int {
	if x == 0 {
		return 16
	}
	return TrailingZeros64(uint64(x))
}

func TrailingZeros32(x uint32) int {
	if x == 0 {
		return 32
	}
	return TrailingZeros64(uint64(x))
}

func TrailingZeros64(x uint64) int {
	if x == 0 {
		return 64
	}
	n := 0
	for x&1 == 0 {
		x >>= 1
		n++
	}
	return n
}

func OnesCount(x uint) int     { return OnesCount64(uint64(x)) }
func OnesCount8(x uint8) int   { return OnesCount64(uint64(x)) }
func OnesCount16(x uint16) int { return OnesCount64(uint64(x)) }
func OnesCount32(x uint32) int { return OnesCount64(uint64(x)) }

func OnesCount64(x uint64) int {
	const m0 = 0x5555555555555555
	const m1 = 0x3333333333333333
	const m2 = 0x0f0f0f0f0f0f0f0f
	x = x>>1&m0 + x&m0
	x = x>>2&m1 + x&m1
	x = (x>>4 + x) & m2
	x += x >> 8
	x += x >> 16
	x += x >> 32
	return int(x) & (1<<7 - 1)
}

func RotateLeft(x uint, k int) uint {
	const n = UintSize
	s := uint(k) & (n - 1)
	return x<<s | x>>(n-s)
}

func RotateLeft8(x uint8, k int) uint8 {
	const n = 8
	s := uint(k) & (n - 1)
	return x<<s | x>>(n-s)
}

func RotateLeft16(x uint16, k int) uint16 {
	const n = 16
	s := uint(k) & (n - 1)
	return x<<s | x>>(n-s)
}

func RotateLeft32(x uint32, k int) uint32 {
	const n = 32
	s := uint(k) & (n - 1)
	return x<<s | x>>(n-s)
}

func RotateLeft64(x uint64, k int) uint64 {
	const n = 64
	s := uint(k) & (n - 1)
	return x<<s | x>>(n-s)
}

func Reverse(x uint) uint { return uint(Reverse64(uint64(x))) }

func Reverse8(x uint8) uint8 { return uint8(Reverse64(uint64(x)) >> 56) }

func Reverse16(x uint16) uint16 { return uint16(Reverse64(uint64(x)) >> 48) }

func Reverse32(x uint32) uint32 { return uint32(Reverse64(uint64(x)) >> 32) }

func Reverse64(x uint64) uint64 {
	const m0 = 0x5555555555555555
	const m1 = 0x3333333333333333
	const m2 = 0x0f0f0f0f0f0f0f0f
	x = x>>1&m0 | x&m0<<1
	x = x>>2&m1 | x&m1<<2
	x = x>>4&m2 | x&m2<<4
	return ReverseBytes64(x)
}

func ReverseBytes(x uint) uint { return uint(ReverseBytes64(uint64(x))) }

func ReverseBytes16(x uint16) uint16 { return x>>8 | x<<8 }

func ReverseBytes32(x uint32) uint32 {
	return x>>24 | (x>>8)&0xff00 | (x<<8)&0xff0000 | x<<24
}

func ReverseBytes64(x uint64) uint64 {
	const m3 = 0x00ff00ff00ff00ff
	const m4 = 0x0000ffff0000ffff
	x = x>>8&m3 | x&m3<<8
	x = x>>16&m4 | x&m4<<16
	return x>>32 | x<<32
}

func Len(x uint) int     { return Len64(uint64(x)) }
func Len8(x uint8) int   { return Len64(uint64(x)) }
func Len16(x uint16) int { return Len64(uint64(x)) }
func Len32(x uint32) int { return Len64(uint64(x)) }

func Len64(x uint64) (n int) {
	for x != 0 {
		x >>= 1
		n++
	}
	return n
}

func Add(x, y, carry uint) (sum, carryOut uint) {
	s, c := Add64(uint64(x), uint64(y), uint64(carry))
	return uint(s), uint(c)
}

func Add32(x, y, carry uint32) (sum, carryOut uint32) {
	sum64 := uint64(x) + uint64(y) + uint64(carry)
	return uint32(sum64), uint32(sum64 >> 32)
}

func Add64(x, y, carry uint64) (sum, carryOut uint64) {
	sum = x + y + carry
	carryOut = ((x & y) | ((x | y) &^ sum)) >> 63
	return
}

func Sub(x, y, borrow uint) (diff, borrowOut uint) {
	d, b := Sub64(uint64(x), uint64(y), uint64(borrow))
	return uint(d), uint(b)
}

func Sub32(x, y, borrow uint32) (diff, borrowOut uint32) {
	diff = x - y - borrow
	borrowOut = ((^x & y) | (^(x ^ y) & diff)) >> 31
	return
}

func Sub64(x, y, borrow uint64) (diff, borrowOut uint64) {
	diff = x - y - borrow
	borrowOut = ((^x & y) | (^(x ^ y) & diff)) >> 63
	return
}

func Mul(x, y uint) (hi, lo uint) {
	h, l := Mul64(uint64(x), uint64(y))
	return uint(h), uint(l)
}

func Mul32(x, y uint32) (hi, lo uint32) {
	tmp := uint64(x) * uint64(y)
	return uint32(tmp >> 32), uint32(tmp)
}

func Mul64(x, y uint64) (hi, lo uint64) {
	const mask32 = 1<<32 - 1
	x0 := x & mask32
	x1 := x >> 32
	y0 := y & mask32
	y1 := y >> 32
	w0 := x0 * y0
	t := x1*y0 + w0>>32
	w1 := t & mask32
	w2 := t >> 32
	w1 += x0 * y1
	hi = x1*y1 + w2 + w1>>32
	lo = x * y
	return
}

func Div(hi, lo, y uint) (quo, rem uint) {
	q, r := Div64(uint64(hi), uint64(lo), uint64(y))
	return uint(q), uint(r)
}

func Div32(hi, lo, y uint32) (quo, rem uint32) {
	if y != 0 && y <= hi {
		panic(overflowError())
	}
	z := uint64(hi)<<32 | uint64(lo)
	return uint32(z / uint64(y)), uint32(z % uint64(y))
}

// Div64 divides (hi, lo) by y: Knuth's algorithm D on 32-bit digits.
func Div64(hi, lo, y uint64) (quo, rem uint64) {
	if y == 0 {
		panic(divideError())
	}
	if y <= hi {
		panic(overflowError())
	}
	if hi == 0 {
		return lo / y, lo % y
	}
	s := uint(LeadingZeros64(y))
	y <<= s
	const two32 = 1 << 32
	const mask32 = two32 - 1
	yn1 := y >> 32
	yn0 := y & mask32
	un32 := hi<<s | lo>>(64-s)
	un10 := lo << s
	un1 := un10 >> 32
	un0 := un10 & mask32
	q1 := un32 / yn1
	rhat := un32 - q1*yn1
	for q1 >= two32 || q1*yn0 > two32*rhat+un1 {
		q1--
		rhat += yn1
		if rhat >= two32 {
			break
		}
	}
	un21 := un32*two32 + un1 - q1*y
	q0 := un21 / yn1
	rhat = un21 - q0*yn1
	for q0 >= two32 || q0*yn0 > two32*rhat+un0 {
		q0--
		rhat += yn1
		if rhat >= two32 {
			break
		}
	}
	return q1*two32 + q0, (un21*two32 + un0 - q0*y) >> s
}

func Rem(hi, lo, y uint) uint { return uint(Rem64(uint64(hi), uint64(lo), uint64(y))) }

func Rem32(hi, lo, y uint32) uint32 {
	return uint32((uint64(hi)<<32 | uint64(lo)) % uint64(y))
}

func Rem64(hi, lo, y uint64) uint64 {
	_, rem := Div64(hi%y, lo, y)
	return rem
}

// The run-time errors Div panics with, as Go's runtime values print.
type bitsError string

func (e bitsError) Error() string   { return "runtime error: " + string(e) }
func (e bitsError) RuntimeError()   {}

func overflowError() error { return bitsError("integer overflow") }
func divideError() error   { return bitsError("integer divide by zero") }
