// Package aes implements AES encryption (formerly Rijndael), as defined in
// U.S. Federal Information Processing Standards Publication 197. The
// cipher is native (RustCrypto's aes, vm/src/std/crypto/aes).
package aes

import (
	"crypto/cipher"
	"strconv"
)

// The AES block size in bytes.
const BlockSize = 16

func newState(key []byte) int
func encrypt(state int, dst, src []byte)
func decrypt(state int, dst, src []byte)
func inexactOverlap(x, y []byte) bool

type KeySizeError int

func (k KeySizeError) Error() string {
	return "crypto/aes: invalid key size " + strconv.Itoa(int(k))
}

// aesCipher is an AES block cipher; state is its native key schedule.
type aesCipher struct {
	state int
}

// NewCipher creates and returns a new cipher.Block. The key argument must
// be the AES key, either 16, 24, or 32 bytes to select AES-128, AES-192,
// or AES-256.
func NewCipher(key []byte) (cipher.Block, error) {
	k := len(key)
	switch k {
	default:
		return nil, KeySizeError(k)
	case 16, 24, 32:
		break
	}
	return &aesCipher{newState(key)}, nil
}

func (c *aesCipher) BlockSize() int { return BlockSize }

func (c *aesCipher) Encrypt(dst, src []byte) {
	if len(src) < BlockSize {
		panic("crypto/aes: input not full block")
	}
	if len(dst) < BlockSize {
		panic("crypto/aes: output not full block")
	}
	if inexactOverlap(dst[:BlockSize], src[:BlockSize]) {
		panic("crypto/aes: invalid buffer overlap")
	}
	encrypt(c.state, dst, src)
}

func (c *aesCipher) Decrypt(dst, src []byte) {
	if len(src) < BlockSize {
		panic("crypto/aes: input not full block")
	}
	if len(dst) < BlockSize {
		panic("crypto/aes: output not full block")
	}
	if inexactOverlap(dst[:BlockSize], src[:BlockSize]) {
		panic("crypto/aes: invalid buffer overlap")
	}
	decrypt(c.state, dst, src)
}

// MinigoAES returns the native key schedule: crypto/cipher runs its modes
// natively for AES blocks (not part of Go's API).
func (c *aesCipher) MinigoAES() int { return c.state }
