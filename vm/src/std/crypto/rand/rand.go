// Package rand implements a cryptographically secure random number
// generator. minigo's Reader reads getrandom(2) (native:
// vm/src/std/crypto/rand).
package rand

import (
	"errors"
	"io"
	"math/big"
)

func fill(b []byte)
func fatal(msg string)

type reader struct{}

func (r *reader) Read(b []byte) (n int, err error) {
	fill(b)
	return len(b), nil
}

var defaultReader = &reader{}

// Reader is a global, shared instance of a cryptographically
// secure random number generator. It is safe for concurrent use.
// On Linux, Reader uses getrandom(2).
var Reader io.Reader = defaultReader

// Read fills b with cryptographically secure random bytes. It never returns
// an error, and always fills b entirely.
//
// Read calls io.ReadFull on Reader and crashes the program irrecoverably if
// an error is returned.
func Read(b []byte) (n int, err error) {
	if r, ok := Reader.(*reader); ok && r == defaultReader {
		fill(b)
		return len(b), nil
	}
	bb := make([]byte, len(b))
	_, err = io.ReadFull(Reader, bb)
	copy(b, bb)
	if err != nil {
		fatal("crypto/rand: failed to read random data (see https://go.dev/issue/66821): " + err.Error())
		panic("unreachable")
	}
	return len(b), nil
}

const base32alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"

// Text returns a cryptographically random string using the standard RFC
// 4648 base32 alphabet for use when a secret string, token, password, or
// other text is needed. The result contains at least 128 bits of
// randomness.
func Text() string {
	// ⌈log₃₂ 2¹²⁸⌉ = 26 chars
	src := make([]byte, 26)
	Read(src)
	for i := range src {
		src[i] = base32alphabet[src[i]%32]
	}
	return string(src)
}

// Int returns a uniform random value in [0, max). It panics if max <= 0,
// and returns an error if rand.Read returns one.
func Int(rand io.Reader, max *big.Int) (n *big.Int, err error) {
	if max.Sign() <= 0 {
		panic("crypto/rand: argument to Int is <= 0")
	}
	n = new(big.Int)
	n.Sub(max, n.SetUint64(1))
	// bitLen is the maximum bit length needed to encode a value < max.
	bitLen := n.BitLen()
	if bitLen == 0 {
		// the only valid result is 0
		return
	}
	// k is the maximum byte length needed to encode a value < max.
	k := (bitLen + 7) / 8
	// b is the number of bits in the most significant byte of max-1.
	b := uint(bitLen % 8)
	if b == 0 {
		b = 8
	}
	bytes := make([]byte, k)
	for {
		_, err = io.ReadFull(rand, bytes)
		if err != nil {
			return nil, err
		}
		// Clear bits in the first byte to increase the probability
		// that the candidate is < max.
		bytes[0] &= uint8(int(1<<b) - 1)
		n.SetBytes(bytes)
		if n.Cmp(max) < 0 {
			return
		}
	}
}

// Prime returns a number of the given bit length that is prime with high
// probability. Prime will return error for any error returned by rand.Read
// or if bits < 2. As in Go 1.26 and later, a secure source of random bytes
// is always used and r is ignored.
func Prime(r io.Reader, bits int) (*big.Int, error) {
	if bits < 2 {
		return nil, errors.New("crypto/rand: prime size must be at least 2-bit")
	}
	b := uint(bits % 8)
	if b == 0 {
		b = 8
	}
	bytes := make([]byte, (bits+7)/8)
	p := new(big.Int)
	for {
		fill(bytes)
		// Clear bits in the first byte to make sure the candidate has a
		// size <= bits.
		bytes[0] &= uint8(int(1<<b) - 1)
		// Don't let the value be too small, i.e, set the most significant
		// two bits. Setting the top two bits, rather than just the top bit,
		// means that when two of these values are multiplied together, the
		// result isn't ever one bit short.
		if b >= 2 {
			bytes[0] |= 3 << (b - 2)
		} else {
			// Here b==1, because b cannot be zero.
			bytes[0] |= 1
			if len(bytes) > 1 {
				bytes[1] |= 0x80
			}
		}
		// Make the value odd since an even number this large certainly
		// isn't prime.
		bytes[len(bytes)-1] |= 1
		p.SetBytes(bytes)
		if p.ProbablyPrime(20) {
			return p, nil
		}
	}
}
