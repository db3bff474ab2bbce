package cipher

import (
	"crypto/subtle"
	"errors"
)

// GCM parameters (NIST SP 800-38D).
const (
	gcmBlockSize         = 16
	gcmStandardNonceSize = 12
	gcmTagSize           = 16
	gcmMinimumTagSize    = 12
)

var errOpen = errors.New("cipher: message authentication failed")

type gcmAble interface {
	NewGCM(nonceSize, tagSize int) (AEAD, error)
}

// gcm is Galois/Counter Mode over any 128-bit Block; for AES blocks the
// counter mode runs natively (aes != 0). GHASH is native either way.
type gcm struct {
	cipher    Block
	aes       int
	h         []byte
	nonceSize int
	tagSize   int
}

// NewGCM returns the given 128-bit, block cipher wrapped in Galois Counter
// Mode with the standard nonce length.
func NewGCM(cipher Block) (AEAD, error) {
	return newGCM(cipher, gcmStandardNonceSize, gcmTagSize)
}

// NewGCMWithNonceSize returns the given 128-bit, block cipher wrapped in
// Galois Counter Mode, which accepts nonces of the given length. The
// length must not be zero.
func NewGCMWithNonceSize(cipher Block, size int) (AEAD, error) {
	return newGCM(cipher, size, gcmTagSize)
}

// NewGCMWithTagSize returns the given 128-bit, block cipher wrapped in
// Galois Counter Mode, which generates tags with the given length. Tag
// sizes between 12 and 16 bytes are allowed.
func NewGCMWithTagSize(cipher Block, tagSize int) (AEAD, error) {
	return newGCM(cipher, gcmStandardNonceSize, tagSize)
}

func newGCM(cipher Block, nonceSize, tagSize int) (AEAD, error) {
	if tagSize < gcmMinimumTagSize || tagSize > gcmBlockSize {
		return nil, errors.New("cipher: incorrect tag size given to GCM")
	}
	if nonceSize <= 0 {
		return nil, errors.New("cipher: the nonce can't have zero length")
	}
	s := aesState(cipher)
	if s == 0 {
		if c, ok := cipher.(gcmAble); ok {
			return c.NewGCM(nonceSize, tagSize)
		}
	}
	if cipher.BlockSize() != gcmBlockSize {
		return nil, errors.New("cipher: NewGCM requires 128-bit block cipher")
	}
	g := &gcm{cipher: cipher, aes: s, nonceSize: nonceSize, tagSize: tagSize}
	g.h = make([]byte, gcmBlockSize)
	cipher.Encrypt(g.h, g.h)
	return g, nil
}

func (g *gcm) NonceSize() int { return g.nonceSize }
func (g *gcm) Overhead() int  { return g.tagSize }

// grow extends in by n bytes, in place when its capacity allows; it
// returns the whole slice and the n new bytes.
func grow(in []byte, n int) (whole, added []byte) {
	total := len(in) + n
	if cap(in) >= total {
		whole = in[:total]
	} else {
		whole = make([]byte, total)
		copy(whole, in)
	}
	return whole, whole[len(in):]
}

// j0 is the pre-counter block of a nonce.
func (g *gcm) j0(nonce []byte) []byte {
	c := make([]byte, gcmBlockSize)
	if len(nonce) == gcmStandardNonceSize {
		copy(c, nonce)
		c[gcmBlockSize-1] = 1
		return c
	}
	lens := make([]byte, 16)
	putBE64(lens[8:], uint64(len(nonce))*8)
	return ghash(g.h, nonce, nil, lens)
}

func putBE64(b []byte, v uint64) {
	for i := 7; i >= 0; i-- {
		b[i] = byte(v)
		v >>= 8
	}
}

// crypt XORs src into out with the keystream of counter (32-bit
// increments), leaving counter after the last block used.
func (g *gcm) crypt(out, src, counter []byte) {
	if len(src) == 0 {
		return
	}
	if g.aes != 0 {
		gcmCtr(g.aes, counter, out, src)
		return
	}
	mask := make([]byte, gcmBlockSize)
	for len(src) > 0 {
		g.cipher.Encrypt(mask, counter)
		for i := 15; i >= 12; i-- {
			counter[i]++
			if counter[i] != 0 {
				break
			}
		}
		n := subtle.XORBytes(out, src, mask)
		out = out[n:]
		src = src[n:]
	}
}

// tag computes the authentication tag of ciphertext and additional data,
// masked with the encryption of the pre-counter block.
func (g *gcm) tag(tagMask, ciphertext, additionalData []byte) []byte {
	lens := make([]byte, 16)
	putBE64(lens[:8], uint64(len(additionalData))*8)
	putBE64(lens[8:], uint64(len(ciphertext))*8)
	s := ghash(g.h, additionalData, ciphertext, lens)
	subtle.XORBytes(s, s, tagMask)
	return s
}

func (g *gcm) Seal(dst, nonce, plaintext, additionalData []byte) []byte {
	if len(nonce) != g.nonceSize {
		panic("crypto/cipher: incorrect nonce length given to GCM")
	}
	if g.nonceSize == 0 {
		panic("crypto/cipher: incorrect GCM nonce size")
	}
	if uint64(len(plaintext)) > uint64((1<<32)-2)*gcmBlockSize {
		panic("crypto/cipher: message too large for GCM")
	}
	ret, out := grow(dst, len(plaintext)+g.tagSize)
	if inexactOverlap(out, plaintext) {
		panic("crypto/cipher: invalid buffer overlap of output and input")
	}
	if anyOverlap(out, additionalData) {
		panic("crypto/cipher: invalid buffer overlap of output and additional data")
	}
	counter := g.j0(nonce)
	tagMask := make([]byte, gcmBlockSize)
	g.crypt(tagMask, tagMask, counter)
	g.crypt(out, plaintext, counter)
	t := g.tag(tagMask, out[:len(plaintext)], additionalData)
	copy(out[len(plaintext):], t[:g.tagSize])
	return ret
}

func (g *gcm) Open(dst, nonce, ciphertext, additionalData []byte) ([]byte, error) {
	if len(nonce) != g.nonceSize {
		panic("crypto/cipher: incorrect nonce length given to GCM")
	}
	if g.tagSize < gcmMinimumTagSize {
		panic("crypto/cipher: incorrect GCM tag size")
	}
	if len(ciphertext) < g.tagSize {
		return nil, errOpen
	}
	if uint64(len(ciphertext)) > uint64((1<<32)-2)*gcmBlockSize+uint64(g.tagSize) {
		return nil, errOpen
	}
	ret, out := grow(dst, len(ciphertext)-g.tagSize)
	if inexactOverlap(out, ciphertext) {
		panic("crypto/cipher: invalid buffer overlap of output and input")
	}
	if anyOverlap(out, additionalData) {
		panic("crypto/cipher: invalid buffer overlap of output and additional data")
	}
	counter := g.j0(nonce)
	tagMask := make([]byte, gcmBlockSize)
	g.crypt(tagMask, tagMask, counter)
	tag := ciphertext[len(ciphertext)-g.tagSize:]
	ciphertext = ciphertext[:len(ciphertext)-g.tagSize]
	want := g.tag(tagMask, ciphertext, additionalData)
	if subtle.ConstantTimeCompare(want[:g.tagSize], tag) != 1 {
		clear(out)
		return nil, errOpen
	}
	g.crypt(out, ciphertext, counter)
	return ret, nil
}

// gcmWithRandomNonce is AES-GCM whose Seal draws a random 96-bit nonce
// and prepends it to the ciphertext, where Open finds it.
type gcmWithRandomNonce struct {
	g *gcm
}

// NewGCMWithRandomNonce returns the given cipher wrapped in Galois Counter
// Mode, with randomly-generated nonces. The cipher must have been created
// by crypto/aes.NewCipher.
//
// It generates a random 96-bit nonce, which is prepended to the
// ciphertext by Seal, and is extracted from the ciphertext by Open. The
// NonceSize of the AEAD is zero, while the Overhead is 28 bytes (the
// combination of nonce size and tag size).
func NewGCMWithRandomNonce(cipher Block) (AEAD, error) {
	if aesState(cipher) == 0 {
		return nil, errors.New("cipher: NewGCMWithRandomNonce requires aes.Block")
	}
	g, err := newGCM(cipher, gcmStandardNonceSize, gcmTagSize)
	if err != nil {
		return nil, err
	}
	return gcmWithRandomNonce{g.(*gcm)}, nil
}

func randomFill(b []byte)

func (r gcmWithRandomNonce) NonceSize() int { return 0 }
func (r gcmWithRandomNonce) Overhead() int  { return gcmStandardNonceSize + gcmTagSize }

func (r gcmWithRandomNonce) Seal(dst, nonce, plaintext, additionalData []byte) []byte {
	if len(nonce) != 0 {
		panic("crypto/cipher: non-empty nonce passed to GCMWithRandomNonce")
	}
	ret, out := grow(dst, gcmStandardNonceSize+len(plaintext)+gcmTagSize)
	if inexactOverlap(out, plaintext) {
		panic("crypto/cipher: invalid buffer overlap of output and input")
	}
	if anyOverlap(out, additionalData) {
		panic("crypto/cipher: invalid buffer overlap of output and additional data")
	}
	// Work on a copy of the plaintext: it may share memory with out.
	p := append([]byte(nil), plaintext...)
	n := make([]byte, gcmStandardNonceSize)
	randomFill(n)
	copy(out, n)
	r.g.Seal(out[gcmStandardNonceSize:gcmStandardNonceSize], n, p, additionalData)
	return ret
}

func (r gcmWithRandomNonce) Open(dst, nonce, ciphertext, additionalData []byte) ([]byte, error) {
	if len(nonce) != 0 {
		panic("crypto/cipher: non-empty nonce passed to GCMWithRandomNonce")
	}
	if len(ciphertext) < gcmStandardNonceSize+gcmTagSize {
		return nil, errOpen
	}
	ret, out := grow(dst, len(ciphertext)-gcmStandardNonceSize-gcmTagSize)
	if inexactOverlap(out, ciphertext) {
		panic("crypto/cipher: invalid buffer overlap of output and input")
	}
	if anyOverlap(out, additionalData) {
		panic("crypto/cipher: invalid buffer overlap of output and additional data")
	}
	c := append([]byte(nil), ciphertext...)
	if _, err := r.g.Open(out[:0], c[:gcmStandardNonceSize], c[gcmStandardNonceSize:], additionalData); err != nil {
		return nil, err
	}
	return ret, nil
}
