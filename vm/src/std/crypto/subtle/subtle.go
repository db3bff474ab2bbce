// Package subtle implements functions that are often useful in
// cryptographic code but require careful thought to use correctly.
// XORBytes and the overlap check are native (vm/src/std/crypto/subtle).
package subtle

func xorBytes(dst, x, y []byte, n int)
func inexactOverlap(x, y []byte) bool

// ConstantTimeCompare returns 1 if the two slices, x and y, have equal
// contents and 0 otherwise. The time taken is a function of the length of
// the slices and is independent of the contents. If the lengths of x and y
// do not match it returns 0 immediately.
func ConstantTimeCompare(x, y []byte) int {
	if len(x) != len(y) {
		return 0
	}
	var v byte
	for i := 0; i < len(x); i++ {
		v |= x[i] ^ y[i]
	}
	return ConstantTimeByteEq(v, 0)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// ConstantTimeSelect returns x if v != 0 and y if v == 0.
func ConstantTimeSelect(v, x, y int) int {
	v = b2i(v != 0)
	return ^(v-1)&x | (v-1)&y
}

// ConstantTimeByteEq returns 1 if x == y and 0 otherwise.
func ConstantTimeByteEq(x, y uint8) int { return b2i(x == y) }

// ConstantTimeEq returns 1 if x == y and 0 otherwise.
func ConstantTimeEq(x, y int32) int { return b2i(x == y) }

// ConstantTimeCopy copies the contents of y into x (a slice of equal
// length) if v == 1. If v == 0, x is left unchanged. Its behavior is
// undefined if v takes any other value.
func ConstantTimeCopy(v int, x, y []byte) {
	if len(x) != len(y) {
		panic("subtle: slices have different lengths")
	}
	xmask := byte(v - 1)
	ymask := byte(^(v - 1))
	for i := 0; i < len(x); i++ {
		x[i] = x[i]&xmask | y[i]&ymask
	}
}

// ConstantTimeLessOrEq returns 1 if x <= y and 0 otherwise.
func ConstantTimeLessOrEq(x, y int) int { return b2i(x <= y) }

// XORBytes sets dst[i] = x[i] ^ y[i] for all i < n = min(len(x), len(y)),
// returning n, the number of bytes written to dst. If dst does not have
// length at least n, XORBytes panics without writing anything to dst.
// dst and x or y may overlap exactly or not at all, otherwise XORBytes
// may panic.
func XORBytes(dst, x, y []byte) int {
	n := min(len(x), len(y))
	if n == 0 {
		return 0
	}
	if n > len(dst) {
		panic("subtle.XORBytes: dst too short")
	}
	if inexactOverlap(dst[:n], x[:n]) || inexactOverlap(dst[:n], y[:n]) {
		panic("subtle.XORBytes: invalid overlap")
	}
	xorBytes(dst, x, y, n)
	return n
}

// WithDataIndependentTiming runs f with data-independent timing enabled
// where the platform has such a mode; minigo has none, so it just calls f.
func WithDataIndependentTiming(f func()) {
	f()
}
