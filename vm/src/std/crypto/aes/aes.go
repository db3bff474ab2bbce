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

// Block is an AES block cipher; state is its native key schedule. Go's
// is crypto/internal/fips140/aes.Block, which %T shows as *aes.Block.
type Block struct {
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
	return &Block{newState(key)}, nil
}

func (c *Block) BlockSize() int { return BlockSize }

func (c *Block) Encrypt(dst, src []byte) {
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

func (c *Block) Decrypt(dst, src []byte) {
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
func (c *Block) MinigoAES() int { return c.state }
