// Package sha1 implements the SHA-1 hash algorithm; the engine is native
// (RustCrypto's sha1, vm/src/std/crypto).
package sha1

import (
	"crypto"
	"hash"
)

func init() {
	crypto.RegisterHash(crypto.SHA1, New)
}

// The size of a SHA-1 checksum in bytes.
const Size = 20

// The blocksize of SHA-1 in bytes.
const BlockSize = 64

// The engine kind (vm/src/std/crypto/mod.rs).
const kind = 3

// Natives over the engine: state is its handle.
func newState(kind int) int
func write(state int, p []byte)
func sum(state int) []byte
func reset(state int)
func cloneState(state int) int
func oneShot(kind int, p []byte) []byte

// digest is a SHA-1 hash.Hash.
type digest struct {
	state int
}

// New returns a new hash.Hash computing the SHA-1 checksum.
func New() hash.Hash { return &digest{newState(kind)} }

func (d *digest) Write(p []byte) (int, error) {
	write(d.state, p)
	return len(p), nil
}

func (d *digest) Sum(b []byte) []byte { return append(b, sum(d.state)...) }
func (d *digest) Reset()              { reset(d.state) }

// Clone returns a copy of d: writing to one does not change the other.
func (d *digest) Clone() (hash.Cloner, error) {
	r := *d
	r.state = cloneState(d.state)
	return &r, nil
}
func (d *digest) Size() int           { return Size }
func (d *digest) BlockSize() int      { return BlockSize }

// Sum returns the SHA-1 checksum of the data.
func Sum(data []byte) [Size]byte {
	var a [Size]byte
	copy(a[:], oneShot(kind, data))
	return a
}
