// Package sha512 implements the SHA-384, SHA-512, SHA-512/224 and
// SHA-512/256 hash algorithms; the engine is native (RustCrypto's sha2,
// vm/src/std/crypto).
package sha512

import (
	"crypto"
	"hash"
)

func init() {
	crypto.RegisterHash(crypto.SHA384, New384)
	crypto.RegisterHash(crypto.SHA512, New)
	crypto.RegisterHash(crypto.SHA512_224, New512_224)
	crypto.RegisterHash(crypto.SHA512_256, New512_256)
}

const (
	// Size is the size, in bytes, of a SHA-512 checksum.
	Size = 64
	// Size224 is the size, in bytes, of a SHA-512/224 checksum.
	Size224 = 28
	// Size256 is the size, in bytes, of a SHA-512/256 checksum.
	Size256 = 32
	// Size384 is the size, in bytes, of a SHA-384 checksum.
	Size384 = 48
	// BlockSize is the block size, in bytes, of the SHA-512/224,
	// SHA-512/256, SHA-384 and SHA-512 hash functions.
	BlockSize = 128
)

// Engine kinds (vm/src/std/crypto/mod.rs).
const (
	kind512    = 5
	kind384    = 6
	kind512224 = 7
	kind512256 = 8
)

// Natives over the engine: state is its handle.
func newState(kind int) int
func write(state int, p []byte)
func sum(state int) []byte
func reset(state int)
func cloneState(state int) int
func oneShot(kind int, p []byte) []byte

// Digest is a SHA-384, SHA-512, SHA-512/224 or SHA-512/256 hash.Hash.
type Digest struct {
	state int
	size  int
}

// New returns a new hash.Hash computing the SHA-512 checksum.
func New() hash.Hash { return &Digest{newState(kind512), Size} }

// New384 returns a new hash.Hash computing the SHA-384 checksum.
func New384() hash.Hash { return &Digest{newState(kind384), Size384} }

// New512_224 returns a new hash.Hash computing the SHA-512/224 checksum.
func New512_224() hash.Hash { return &Digest{newState(kind512224), Size224} }

// New512_256 returns a new hash.Hash computing the SHA-512/256 checksum.
func New512_256() hash.Hash { return &Digest{newState(kind512256), Size256} }

func (d *Digest) Write(p []byte) (int, error) {
	write(d.state, p)
	return len(p), nil
}

func (d *Digest) Sum(b []byte) []byte { return append(b, sum(d.state)...) }
func (d *Digest) Reset()              { reset(d.state) }

// Clone returns a copy of d: writing to one does not change the other.
func (d *Digest) Clone() (hash.Cloner, error) {
	r := *d
	r.state = cloneState(d.state)
	return &r, nil
}
func (d *Digest) Size() int           { return d.size }
func (d *Digest) BlockSize() int      { return BlockSize }

// Sum512 returns the SHA512 checksum of the data.
func Sum512(data []byte) [Size]byte {
	var a [Size]byte
	copy(a[:], oneShot(kind512, data))
	return a
}

// Sum384 returns the SHA384 checksum of the data.
func Sum384(data []byte) [Size384]byte {
	var a [Size384]byte
	copy(a[:], oneShot(kind384, data))
	return a
}

// Sum512_224 returns the Sum512/224 checksum of the data.
func Sum512_224(data []byte) [Size224]byte {
	var a [Size224]byte
	copy(a[:], oneShot(kind512224, data))
	return a
}

// Sum512_256 returns the Sum512/256 checksum of the data.
func Sum512_256(data []byte) [Size256]byte {
	var a [Size256]byte
	copy(a[:], oneShot(kind512256, data))
	return a
}
