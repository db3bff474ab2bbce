// Package sha3 implements the SHA-3 fixed-output-length hash functions and
// the SHAKE and cSHAKE extendable-output functions defined in FIPS 202 and
// SP 800-185. The sponge is Go code; the Keccak-f[1600] permutation is
// native (vm/src/std/crypto/sha3).
package sha3

import (
	"crypto"
	"errors"
	"hash"
)

func keccakF1600(a []byte)

// absorb XORs p into the state from byte pos of the rate, permuting at
// each full block, and returns the new position.
func absorb(a []byte, rate, pos int, p []byte) int

func init() {
	crypto.RegisterHash(crypto.SHA3_224, func() hash.Hash { return New224() })
	crypto.RegisterHash(crypto.SHA3_256, func() hash.Hash { return New256() })
	crypto.RegisterHash(crypto.SHA3_384, func() hash.Hash { return New384() })
	crypto.RegisterHash(crypto.SHA3_512, func() hash.Hash { return New512() })
}

// Domain separation bytes and the marshaled states' magic prefixes.
const (
	dsSHA3   = 0x06
	dsSHAKE  = 0x1f
	dsCSHAKE = 0x04

	magicSHA3   = "sha\x08"
	magicSHAKE  = "sha\x09"
	magicCSHAKE = "sha\x0a"

	marshaledSize = len(magicSHA3) + 1 + 200 + 1 + 1
)

// sponge is a Keccak sponge: rate bytes of the 200-byte state take input
// and give output; pos is the position in the current block.
type sponge struct {
	a         [200]byte
	pos       int
	rate      int
	ds        byte
	outputLen int
	squeezing bool
}

func (s *sponge) reset() {
	clear(s.a[:])
	s.pos = 0
	s.squeezing = false
}

func (s *sponge) absorb(p []byte) {
	if s.squeezing {
		panic("sha3: Write after Read")
	}
	if len(p) > 0 {
		s.pos = absorb(s.a[:], s.rate, s.pos, p)
	}
}

func (s *sponge) squeeze(out []byte) {
	if !s.squeezing {
		s.a[s.pos] ^= s.ds
		s.a[s.rate-1] ^= 0x80
		keccakF1600(s.a[:])
		s.pos = 0
		s.squeezing = true
	}
	for len(out) > 0 {
		if s.pos == s.rate {
			keccakF1600(s.a[:])
			s.pos = 0
		}
		n := copy(out, s.a[s.pos:s.rate])
		s.pos += n
		out = out[n:]
	}
}

func (s *sponge) sum(b []byte) []byte {
	if s.squeezing {
		panic("sha3: Sum after Read")
	}
	dup := *s
	out := make([]byte, dup.outputLen)
	dup.squeeze(out)
	return append(b, out...)
}

func (s *sponge) appendBinary(b []byte) []byte {
	switch s.ds {
	case dsSHA3:
		b = append(b, magicSHA3...)
	case dsSHAKE:
		b = append(b, magicSHAKE...)
	default:
		b = append(b, magicCSHAKE...)
	}
	b = append(b, byte(s.rate))
	b = append(b, s.a[:]...)
	dir := byte(0)
	if s.squeezing {
		dir = 1
	}
	return append(b, byte(s.pos), dir)
}

func (s *sponge) unmarshal(b []byte) error {
	if len(b) != marshaledSize {
		return errors.New("sha3: invalid hash state")
	}
	magic := string(b[:4])
	ok := magic == magicSHA3 && s.ds == dsSHA3 ||
		magic == magicSHAKE && s.ds == dsSHAKE ||
		magic == magicCSHAKE && s.ds == dsCSHAKE
	if !ok {
		return errors.New("sha3: invalid hash state identifier")
	}
	if int(b[4]) != s.rate {
		return errors.New("sha3: invalid hash state function")
	}
	pos, dir := int(b[205]), b[206]
	copy(s.a[:], b[5:205])
	if pos > s.rate {
		return errors.New("sha3: invalid hash state")
	}
	s.pos = pos
	if dir > 1 {
		return errors.New("sha3: invalid hash state")
	}
	s.squeezing = dir == 1
	return nil
}

// SHA3 is an instance of a SHA-3 hash. It implements hash.Hash.
// The zero value is a usable SHA3-256 hash.
type SHA3 struct {
	s sponge
}

func newSHA3(size int) *SHA3 {
	return &SHA3{sponge{rate: 200 - 2*size, ds: dsSHA3, outputLen: size}}
}

// New224 creates a new SHA3-224 hash.
func New224() *SHA3 { return newSHA3(28) }

// New256 creates a new SHA3-256 hash.
func New256() *SHA3 { return newSHA3(32) }

// New384 creates a new SHA3-384 hash.
func New384() *SHA3 { return newSHA3(48) }

// New512 creates a new SHA3-512 hash.
func New512() *SHA3 { return newSHA3(64) }

func (s *SHA3) init() {
	if s.s.outputLen == 0 {
		*s = *New256()
	}
}

// Write absorbs more data into the hash's state.
func (s *SHA3) Write(p []byte) (n int, err error) {
	s.init()
	s.s.absorb(p)
	return len(p), nil
}

// Sum appends the current hash to b and returns the resulting slice.
func (s *SHA3) Sum(b []byte) []byte {
	s.init()
	return s.s.sum(b)
}

// Reset resets the hash to its initial state.
func (s *SHA3) Reset() {
	s.init()
	s.s.reset()
}

// Size returns the number of bytes Sum will produce.
func (s *SHA3) Size() int {
	s.init()
	return s.s.outputLen
}

// BlockSize returns the hash's rate.
func (s *SHA3) BlockSize() int {
	s.init()
	return s.s.rate
}

// MarshalBinary implements encoding.BinaryMarshaler.
func (s *SHA3) MarshalBinary() ([]byte, error) {
	return s.AppendBinary(make([]byte, 0, marshaledSize))
}

// AppendBinary implements encoding.BinaryAppender.
func (s *SHA3) AppendBinary(p []byte) ([]byte, error) {
	s.init()
	return s.s.appendBinary(p), nil
}

// UnmarshalBinary implements encoding.BinaryUnmarshaler.
func (s *SHA3) UnmarshalBinary(data []byte) error {
	s.init()
	return s.s.unmarshal(data)
}

// Clone returns a separate SHA3 instance with the same state as s.
func (d *SHA3) Clone() (hash.Cloner, error) {
	r := *d
	return &r, nil
}

func sum(h *SHA3, data []byte, out []byte) {
	h.Write(data)
	h.Sum(out[:0])
}

// Sum224 returns the SHA3-224 hash of data.
func Sum224(data []byte) [28]byte {
	var out [28]byte
	sum(New224(), data, out[:])
	return out
}

// Sum256 returns the SHA3-256 hash of data.
func Sum256(data []byte) [32]byte {
	var out [32]byte
	sum(New256(), data, out[:])
	return out
}

// Sum384 returns the SHA3-384 hash of data.
func Sum384(data []byte) [48]byte {
	var out [48]byte
	sum(New384(), data, out[:])
	return out
}

// Sum512 returns the SHA3-512 hash of data.
func Sum512(data []byte) [64]byte {
	var out [64]byte
	sum(New512(), data, out[:])
	return out
}

// SHAKE is an instance of a SHAKE extendable output function.
// The zero value is a usable SHAKE256 hash.
type SHAKE struct {
	s sponge
	// initBlock is cSHAKE's encoded N and S, absorbed (padded) at creation
	// and on Reset; empty for SHAKE.
	initBlock []byte
}

// NewSHAKE128 creates a new SHAKE128 XOF.
func NewSHAKE128() *SHAKE {
	return &SHAKE{s: sponge{rate: 168, ds: dsSHAKE, outputLen: 32}}
}

// NewSHAKE256 creates a new SHAKE256 XOF.
func NewSHAKE256() *SHAKE {
	return &SHAKE{s: sponge{rate: 136, ds: dsSHAKE, outputLen: 64}}
}

// leftEncode is SP 800-185's left_encode: x big-endian in the fewest
// bytes (at least one), preceded by their count.
func leftEncode(x uint64) []byte {
	var be []byte
	for v := x; v > 0; v >>= 8 {
		be = append([]byte{byte(v)}, be...)
	}
	if len(be) == 0 {
		be = []byte{0}
	}
	return append([]byte{byte(len(be))}, be...)
}

func (s *SHAKE) absorbInit() {
	enc := leftEncode(uint64(s.s.rate))
	s.s.absorb(enc)
	s.s.absorb(s.initBlock)
	if pad := s.s.rate - (len(enc)+len(s.initBlock))%s.s.rate; pad < s.s.rate {
		s.s.absorb(make([]byte, pad))
	}
}

func newCSHAKE(N, S []byte, rate, outputLen int) *SHAKE {
	s := &SHAKE{s: sponge{rate: rate, ds: dsCSHAKE, outputLen: outputLen}}
	s.initBlock = append(s.initBlock, leftEncode(uint64(len(N))*8)...)
	s.initBlock = append(s.initBlock, N...)
	s.initBlock = append(s.initBlock, leftEncode(uint64(len(S))*8)...)
	s.initBlock = append(s.initBlock, S...)
	s.absorbInit()
	return s
}

// NewCSHAKE128 creates a new cSHAKE128 XOF.
//
// N is used to define functions based on cSHAKE, it can be empty when
// plain cSHAKE is desired. S is a customization byte string used for
// domain separation. When N and S are both empty, this is equivalent to
// NewSHAKE128.
func NewCSHAKE128(N, S []byte) *SHAKE {
	if len(N) == 0 && len(S) == 0 {
		return NewSHAKE128()
	}
	return newCSHAKE(N, S, 168, 32)
}

// NewCSHAKE256 creates a new cSHAKE256 XOF.
//
// N is used to define functions based on cSHAKE, it can be empty when
// plain cSHAKE is desired. S is a customization byte string used for
// domain separation. When N and S are both empty, this is equivalent to
// NewSHAKE256.
func NewCSHAKE256(N, S []byte) *SHAKE {
	if len(N) == 0 && len(S) == 0 {
		return NewSHAKE256()
	}
	return newCSHAKE(N, S, 136, 64)
}

func (s *SHAKE) init() {
	if s.s.outputLen == 0 {
		*s = *NewSHAKE256()
	}
}

// Write absorbs more data into the XOF's state.
//
// It panics if any output has already been read.
func (s *SHAKE) Write(p []byte) (n int, err error) {
	s.init()
	s.s.absorb(p)
	return len(p), nil
}

// Read squeezes more output from the XOF.
//
// Any call to Write after a call to Read will panic.
func (s *SHAKE) Read(p []byte) (n int, err error) {
	s.init()
	s.s.squeeze(p)
	return len(p), nil
}

// Reset resets the XOF to its initial state.
func (s *SHAKE) Reset() {
	s.init()
	s.s.reset()
	if len(s.initBlock) != 0 {
		s.absorbInit()
	}
}

// BlockSize returns the rate of the XOF.
func (s *SHAKE) BlockSize() int {
	s.init()
	return s.s.rate
}

// MarshalBinary implements encoding.BinaryMarshaler.
func (s *SHAKE) MarshalBinary() ([]byte, error) {
	return s.AppendBinary(make([]byte, 0, marshaledSize+len(s.initBlock)))
}

// AppendBinary implements encoding.BinaryAppender.
func (s *SHAKE) AppendBinary(p []byte) ([]byte, error) {
	s.init()
	p = s.s.appendBinary(p)
	return append(p, s.initBlock...), nil
}

// UnmarshalBinary implements encoding.BinaryUnmarshaler.
func (s *SHAKE) UnmarshalBinary(data []byte) error {
	s.init()
	if len(data) < marshaledSize {
		return errors.New("sha3: invalid hash state")
	}
	if err := s.s.unmarshal(data[:marshaledSize]); err != nil {
		return err
	}
	s.initBlock = append([]byte(nil), data[marshaledSize:]...)
	return nil
}

// SumSHAKE128 applies the SHAKE128 extendable output function to data and
// returns an output of the given length in bytes.
func SumSHAKE128(data []byte, length int) []byte {
	out := make([]byte, length)
	h := NewSHAKE128()
	h.Write(data)
	h.Read(out)
	return out
}

// SumSHAKE256 applies the SHAKE256 extendable output function to data and
// returns an output of the given length in bytes.
func SumSHAKE256(data []byte, length int) []byte {
	out := make([]byte, length)
	h := NewSHAKE256()
	h.Write(data)
	h.Read(out)
	return out
}
