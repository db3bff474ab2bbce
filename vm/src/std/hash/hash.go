// Package hash as minigo provides it: the interfaces of hash functions.
package hash

import "io"

// Hash is a running hash: Write adds data (never failing), Sum appends
// the current hash to b without changing the state.
type Hash interface {
	io.Writer
	Sum(b []byte) []byte
	Reset()
	Size() int
	BlockSize() int
}

// Hash32 is a Hash with a 32-bit result.
type Hash32 interface {
	Hash
	Sum32() uint32
}

// Hash64 is a Hash with a 64-bit result.
type Hash64 interface {
	Hash
	Sum64() uint64
}

// Cloner is a Hash whose state can be copied.
type Cloner interface {
	Hash
	Clone() (Cloner, error)
}

// XOF is an extendable-output function.
type XOF interface {
	io.Writer
	io.Reader
	Reset()
	BlockSize() int
}
