// Package sha256 implements the SHA224 and SHA256 hash algorithms; the
// engine is native (RustCrypto's sha2, vm/src/std/crypto).
package sha256

import (
	"crypto"
	"hash"
)

func init() {
	crypto.RegisterHash(crypto.SHA224, New224)
	crypto.RegisterHash(crypto.SHA256, New)
}

// The size of a SHA256 checksum in bytes.
const Size = 32

// The size of a SHA224 checksum in bytes.
const Size224 = 28

// The blocksize of SHA256 and SHA224 in bytes.
const BlockSize = 64

// Engine kinds (vm/src/std/crypto/mod.rs).
const (
	kind256 = 1
	kind224 = 2
)

// Natives over the engine: state is its handle.
func newState(kind int) int
func write(state int, p []byte)
func sum(state int) []byte
func reset(state int)
func cloneState(state int) int
func oneShot(kind int, p []byte) []byte

// Digest is a SHA-224 or SHA-256 hash.Hash.
type Digest struct {
	state int
	size  int
}

// New returns a new hash.Hash computing the SHA256 checksum.
func New() hash.Hash { return &Digest{newState(kind256), Size} }

// New224 returns a new hash.Hash computing the SHA224 checksum.
func New224() hash.Hash { return &Digest{newState(kind224), Size224} }

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

// Sum256 returns the SHA256 checksum of the data.
func Sum256(data []byte) [Size]byte {
	var a [Size]byte
	copy(a[:], oneShot(kind256, data))
	return a
}

// Sum224 returns the SHA224 checksum of the data.
func Sum224(data []byte) [Size224]byte {
	var a [Size224]byte
	copy(a[:], oneShot(kind224, data))
	return a
}
