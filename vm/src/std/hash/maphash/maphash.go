// Package maphash provides hash functions on byte sequences and comparable
// values. These hash functions are intended to be used to implement
// hash tables or other data structures that need to map arbitrary strings
// or byte sequences to a uniform distribution on unsigned 64-bit integers.
// Each different instance of a hash table or data structure should use
// its own Seed. The hash functions are not cryptographically secure.
//
// minigo's hash of a block is native (vm/src/std/hash/maphash); values
// given to Comparable are walked with reflect.
package maphash

import (
	"hash"
	"math"
	"reflect"
)

func rthash(b []byte, seed uint64) uint64
func rthashString(s string, seed uint64) uint64
func randUint64() uint64

// A Seed is a random value that selects the specific hash function
// computed by a Hash. If two Hashes use the same Seeds, they will compute
// the same hash values for any given input. If two Hashes use different
// Seeds, they are very likely to compute distinct hash values for any
// given input.
//
// A Seed must be initialized by calling MakeSeed. The zero seed is
// uninitialized and not valid for use with Hash's SetSeed method.
//
// Each Seed value is local to a single process and cannot be serialized
// or otherwise recreated in a different process.
type Seed struct {
	s uint64
}

// MakeSeed returns a new random seed.
func MakeSeed() Seed {
	var s uint64
	for s == 0 {
		s = randUint64()
	}
	return Seed{s: s}
}

// The size of a Hash's buffer: input is hashed in blocks of this size,
// each block's hash seeding the next one's, so that a Hash fed in pieces
// gives what Bytes gives for the whole.
const bufSize = 128

func mustSeed(seed Seed) uint64 {
	if seed.s == 0 {
		panic("maphash: use of uninitialized Seed")
	}
	return seed.s
}

// Bytes returns the hash of b with the given seed.
//
// Bytes is equivalent to, but more convenient and efficient than:
//
//	var h Hash
//	h.SetSeed(seed)
//	h.Write(b)
//	return h.Sum64()
func Bytes(seed Seed, b []byte) uint64 {
	state := mustSeed(seed)
	for len(b) > bufSize {
		state = rthash(b[:bufSize], state)
		b = b[bufSize:]
	}
	return rthash(b, state)
}

// String returns the hash of s with the given seed.
//
// String is equivalent to, but more convenient and efficient than:
//
//	var h Hash
//	h.SetSeed(seed)
//	h.WriteString(s)
//	return h.Sum64()
func String(seed Seed, s string) uint64 {
	state := mustSeed(seed)
	for len(s) > bufSize {
		state = rthashString(s[:bufSize], state)
		s = s[bufSize:]
	}
	return rthashString(s, state)
}

// A Hash computes a seeded hash of a byte sequence.
//
// The zero Hash is a valid Hash ready to use. A zero Hash chooses a
// random seed for itself during the first call to a Reset, Write, Seed,
// Clone, or Sum64 method. For control over the seed, use SetSeed.
//
// The computed hash values depend only on the initial seed and the
// sequence of bytes provided to the Hash object, not on the way in which
// the bytes are provided.
//
// Hashes are intended to be collision-resistant, even for situations
// where an adversary controls the byte sequences being hashed.
//
// A Hash is not safe for concurrent use by multiple goroutines, but a
// Seed is. If multiple goroutines must compute the same seeded hash, each
// can declare its own Hash and call SetSeed with a common Seed.
type Hash struct {
	seed  Seed          // initial seed used for this hash
	state Seed          // current hash of all flushed bytes
	buf   [bufSize]byte // unflushed byte buffer
	n     int           // number of unflushed bytes
}

// initSeed gives a zero Hash its random seed.
func (h *Hash) initSeed() {
	if h.seed.s == 0 {
		seed := MakeSeed()
		h.seed = seed
		h.state = seed
	}
}

// WriteByte adds b to the sequence of bytes hashed by h.
// It never fails; the error result is for implementing io.ByteWriter.
func (h *Hash) WriteByte(b byte) error {
	if h.n == len(h.buf) {
		h.flush()
	}
	h.buf[h.n] = b
	h.n++
	return nil
}

// Write adds b to the sequence of bytes hashed by h.
// It always writes all of b and never fails; the count and error result
// are for implementing io.Writer.
func (h *Hash) Write(b []byte) (int, error) {
	size := len(b)
	// Top up a partly filled buffer first.
	if h.n > 0 && h.n <= bufSize {
		k := copy(h.buf[h.n:], b)
		h.n += k
		if h.n < bufSize {
			return size, nil
		}
		b = b[k:]
		h.flush()
	}
	// Whole blocks beyond the last (which stays buffered) go straight in.
	if len(b) > bufSize {
		h.initSeed()
		for len(b) > bufSize {
			h.state.s = rthash(b[:bufSize], h.state.s)
			b = b[bufSize:]
		}
	}
	copy(h.buf[:], b)
	h.n = len(b)
	return size, nil
}

// WriteString adds the bytes of s to the sequence of bytes hashed by h.
// It always writes all of s and never fails; the count and error result
// are for implementing io.StringWriter.
func (h *Hash) WriteString(s string) (int, error) {
	size := len(s)
	if h.n > 0 && h.n <= bufSize {
		k := copy(h.buf[h.n:], s)
		h.n += k
		if h.n < bufSize {
			return size, nil
		}
		s = s[k:]
		h.flush()
	}
	if len(s) > bufSize {
		h.initSeed()
		for len(s) > bufSize {
			h.state.s = rthashString(s[:bufSize], h.state.s)
			s = s[bufSize:]
		}
	}
	copy(h.buf[:], s)
	h.n = len(s)
	return size, nil
}

// Seed returns h's seed value.
func (h *Hash) Seed() Seed {
	h.initSeed()
	return h.seed
}

// SetSeed sets h to use seed, which must have been returned by MakeSeed
// or by another Hash's Seed method.
// Two Hash objects with the same seed behave identically.
// Two Hash objects with different seeds will very likely behave
// differently. Any bytes added to h before this call will be discarded.
func (h *Hash) SetSeed(seed Seed) {
	mustSeed(seed)
	h.seed = seed
	h.state = seed
	h.n = 0
}

// Reset discards all bytes added to h.
// (The seed remains the same.)
func (h *Hash) Reset() {
	h.initSeed()
	h.state = h.seed
	h.n = 0
}

// flush hashes the full buffer into the state.
func (h *Hash) flush() {
	if h.n != len(h.buf) {
		panic("maphash: flush of partially full buffer")
	}
	h.initSeed()
	h.state.s = rthash(h.buf[:h.n], h.state.s)
	h.n = 0
}

// Sum64 returns h's current 64-bit value, which depends on h's seed and
// the sequence of bytes added to h since the last call to Reset or
// SetSeed.
//
// All bits of the Sum64 result are close to uniformly and independently
// distributed, so it can be safely reduced by using bit masking, shifting,
// or modular arithmetic.
func (h *Hash) Sum64() uint64 {
	h.initSeed()
	return rthash(h.buf[:h.n], h.state.s)
}

// Sum appends the hash's current 64-bit value to b.
// It exists for implementing hash.Hash.
// For direct calls, it is more efficient to use Sum64.
func (h *Hash) Sum(b []byte) []byte {
	x := h.Sum64()
	return append(b,
		byte(x>>0),
		byte(x>>8),
		byte(x>>16),
		byte(x>>24),
		byte(x>>32),
		byte(x>>40),
		byte(x>>48),
		byte(x>>56))
}

// Size returns h's hash value size, 8 bytes.
func (h *Hash) Size() int { return 8 }

// BlockSize returns h's block size.
func (h *Hash) BlockSize() int { return len(h.buf) }

// Clone implements hash.Cloner.
func (h *Hash) Clone() (hash.Cloner, error) {
	h.initSeed()
	r := *h
	return &r, nil
}

// Comparable returns the hash of comparable value v with the given seed
// such that Comparable(s, v1) == Comparable(s, v2) if v1 == v2.
// If v != v, then the resulting hash is randomly distributed.
func Comparable[T comparable](seed Seed, v T) uint64 {
	mustSeed(seed)
	var h Hash
	h.SetSeed(seed)
	writeValue(&h, any(v))
	return h.Sum64()
}

// WriteComparable adds x to the data hashed by h.
func WriteComparable[T comparable](h *Hash, x T) {
	writeValue(h, any(x))
}

// comparableBytes appends the identity of v, as == sees it, to b.
func comparableBytes(b []byte, v reflect.Value) []byte {
	switch v.Kind() {
	case reflect.Bool:
		if v.Bool() {
			return append(b, 1)
		}
		return append(b, 0)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return appendUint64(b, uint64(v.Int()))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return appendUint64(b, v.Uint())
	case reflect.Float32, reflect.Float64:
		return appendFloat(b, v.Float())
	case reflect.Complex64, reflect.Complex128:
		c := v.Complex()
		return appendFloat(appendFloat(b, real(c)), imag(c))
	case reflect.String:
		s := v.String()
		return append(appendUint64(b, uint64(len(s))), s...)
	case reflect.Pointer, reflect.Chan, reflect.UnsafePointer:
		return appendUint64(b, uint64(v.Pointer()))
	case reflect.Interface:
		if v.IsNil() {
			return appendUint64(b, 0)
		}
		e := v.Elem()
		t := e.Type().String()
		b = append(appendUint64(b, uint64(len(t))), t...)
		return comparableBytes(b, e)
	case reflect.Array:
		for i := 0; i < v.Len(); i++ {
			b = comparableBytes(b, v.Index(i))
		}
		return b
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			b = comparableBytes(b, v.Field(i))
		}
		return b
	}
	panic("runtime error: hash of unhashable type " + v.Type().String())
}

func appendUint64(b []byte, x uint64) []byte {
	return append(b, byte(x), byte(x>>8), byte(x>>16), byte(x>>24),
		byte(x>>32), byte(x>>40), byte(x>>48), byte(x>>56))
}

func appendFloat(b []byte, f float64) []byte {
	switch {
	case f == 0:
		// +0 and -0 are equal: one hash.
		return appendUint64(b, 0)
	case f != f:
		// NaN is never equal to itself: a random hash.
		return appendUint64(b, randUint64())
	}
	return appendUint64(b, math.Float64bits(f))
}

// writeValue adds the identity of v to h.
func writeValue(h *Hash, v any) {
	var buf [64]byte
	var b []byte
	switch x := v.(type) {
	case nil:
		b = appendUint64(buf[:0], 0)
	case string:
		b = append(appendUint64(buf[:0], uint64(len(x))), x...)
	case int:
		b = appendUint64(buf[:0], uint64(x))
	case int64:
		b = appendUint64(buf[:0], uint64(x))
	case uint64:
		b = appendUint64(buf[:0], x)
	case int32:
		b = appendUint64(buf[:0], uint64(x))
	default:
		b = comparableBytes(buf[:0], reflect.ValueOf(v))
	}
	h.Write(b)
}

// A Hasher defines the interface between a hash-based container and its
// elements. It provides a hash function and an equivalence relation over
// values of type T, enabling those values to be inserted in hash tables
// and similar data structures.
//
// A Hasher must satisfy: if Equal(x, y) then hash(x) == hash(y).
type Hasher[T any] interface {
	Hash(*Hash, T)
	Equal(x, y T) bool
}

// ComparableHasher is an implementation of Hasher whose Equal(x, y)
// method is consistent with x == y.
type ComparableHasher[T comparable] struct {
	_ [0]func(T) // neither comparable nor convertible across T
}

func (ComparableHasher[T]) Hash(h *Hash, v T) { WriteComparable(h, v) }
func (ComparableHasher[T]) Equal(x, y T) bool { return x == y }
