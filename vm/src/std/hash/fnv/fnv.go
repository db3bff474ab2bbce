// Package fnv (hash/fnv) as minigo provides it, in Go: the FNV-1 and
// FNV-1a hashes of 32, 64 and 128 bits, with Go's binary state forms.
package fnv

import (
	"errors"
	"hash"
)

type (
	sum32   uint32
	sum32a  uint32
	sum64   uint64
	sum64a  uint64
	sum128  [2]uint64
	sum128a [2]uint64
)

const (
	offset32        = 2166136261
	offset64        = 14695981039346656037
	offset128Lower  = 0x62b821756295c58d
	offset128Higher = 0x6c62272e07bb0142
	prime32         = 16777619
	prime64         = 1099511628211
	prime128Lower   = 0x13b
	prime128Shift   = 24
)

func New32() hash.Hash32 {
	var s sum32 = offset32
	return &s
}

func New32a() hash.Hash32 {
	var s sum32a = offset32
	return &s
}

func New64() hash.Hash64 {
	var s sum64 = offset64
	return &s
}

func New64a() hash.Hash64 {
	var s sum64a = offset64
	return &s
}

func New128() hash.Hash {
	s := sum128{offset128Higher, offset128Lower}
	return &s
}

func New128a() hash.Hash {
	s := sum128a{offset128Higher, offset128Lower}
	return &s
}

func (s *sum32) Reset()   { *s = offset32 }
func (s *sum32a) Reset()  { *s = offset32 }
func (s *sum64) Reset()   { *s = offset64 }
func (s *sum64a) Reset()  { *s = offset64 }
func (s *sum128) Reset()  { *s = sum128{offset128Higher, offset128Lower} }
func (s *sum128a) Reset() { *s = sum128a{offset128Higher, offset128Lower} }

func (s *sum32) Sum32() uint32  { return uint32(*s) }
func (s *sum32a) Sum32() uint32 { return uint32(*s) }
func (s *sum64) Sum64() uint64  { return uint64(*s) }
func (s *sum64a) Sum64() uint64 { return uint64(*s) }

func (s *sum32) Write(data []byte) (int, error) {
	h := *s
	for _, c := range data {
		h *= prime32
		h ^= sum32(c)
	}
	*s = h
	return len(data), nil
}

func (s *sum32a) Write(data []byte) (int, error) {
	h := *s
	for _, c := range data {
		h ^= sum32a(c)
		h *= prime32
	}
	*s = h
	return len(data), nil
}

func (s *sum64) Write(data []byte) (int, error) {
	h := *s
	for _, c := range data {
		h *= prime64
		h ^= sum64(c)
	}
	*s = h
	return len(data), nil
}

func (s *sum64a) Write(data []byte) (int, error) {
	h := *s
	for _, c := range data {
		h ^= sum64a(c)
		h *= prime64
	}
	*s = h
	return len(data), nil
}

// mul128 multiplies the 128-bit hi:lo by the FNV-128 prime 2⁸⁸ + 0x13b.
func mul128(hi, lo uint64) (uint64, uint64) {
	const mask32 = 1<<32 - 1
	// The high word of prime128Lower * lo.
	x0, x1 := lo&mask32, lo>>32
	w0 := x0 * prime128Lower
	t := x1*prime128Lower + w0>>32
	carry := t >> 32
	nhi := carry + lo<<prime128Shift + prime128Lower*hi
	return nhi, lo * prime128Lower
}

func (s *sum128) Write(data []byte) (int, error) {
	for _, c := range data {
		s[0], s[1] = mul128(s[0], s[1])
		s[1] ^= uint64(c)
	}
	return len(data), nil
}

func (s *sum128a) Write(data []byte) (int, error) {
	for _, c := range data {
		s[1] ^= uint64(c)
		s[0], s[1] = mul128(s[0], s[1])
	}
	return len(data), nil
}

func (s *sum32) Size() int   { return 4 }
func (s *sum32a) Size() int  { return 4 }
func (s *sum64) Size() int   { return 8 }
func (s *sum64a) Size() int  { return 8 }
func (s *sum128) Size() int  { return 16 }
func (s *sum128a) Size() int { return 16 }

func (s *sum32) BlockSize() int   { return 1 }
func (s *sum32a) BlockSize() int  { return 1 }
func (s *sum64) BlockSize() int   { return 1 }
func (s *sum64a) BlockSize() int  { return 1 }
func (s *sum128) BlockSize() int  { return 1 }
func (s *sum128a) BlockSize() int { return 1 }

func be32(b []byte, v uint32) []byte {
	return append(b, byte(v>>24), byte(v>>16), byte(v>>8), byte(v))
}

func be64(b []byte, v uint64) []byte {
	return be32(be32(b, uint32(v>>32)), uint32(v))
}

func read32(b []byte) uint32 {
	return uint32(b[0])<<24 | uint32(b[1])<<16 | uint32(b[2])<<8 | uint32(b[3])
}

func read64(b []byte) uint64 {
	return uint64(read32(b))<<32 | uint64(read32(b[4:]))
}

func (s *sum32) Sum(in []byte) []byte  { return be32(in, uint32(*s)) }
func (s *sum32a) Sum(in []byte) []byte { return be32(in, uint32(*s)) }
func (s *sum64) Sum(in []byte) []byte  { return be64(in, uint64(*s)) }
func (s *sum64a) Sum(in []byte) []byte { return be64(in, uint64(*s)) }
func (s *sum128) Sum(in []byte) []byte { return be64(be64(in, s[0]), s[1]) }

func (s *sum128a) Sum(in []byte) []byte { return be64(be64(in, s[0]), s[1]) }

const (
	magic32   = "fnv\x01"
	magic32a  = "fnv\x02"
	magic64   = "fnv\x03"
	magic64a  = "fnv\x04"
	magic128  = "fnv\x05"
	magic128a = "fnv\x06"
)

func (s *sum32) AppendBinary(b []byte) ([]byte, error) {
	return be32(append(b, magic32...), uint32(*s)), nil
}

func (s *sum32a) AppendBinary(b []byte) ([]byte, error) {
	return be32(append(b, magic32a...), uint32(*s)), nil
}

func (s *sum64) AppendBinary(b []byte) ([]byte, error) {
	return be64(append(b, magic64...), uint64(*s)), nil
}

func (s *sum64a) AppendBinary(b []byte) ([]byte, error) {
	return be64(append(b, magic64a...), uint64(*s)), nil
}

func (s *sum128) AppendBinary(b []byte) ([]byte, error) {
	return be64(be64(append(b, magic128...), s[0]), s[1]), nil
}

func (s *sum128a) AppendBinary(b []byte) ([]byte, error) {
	return be64(be64(append(b, magic128a...), s[0]), s[1]), nil
}

func (s *sum32) MarshalBinary() ([]byte, error)   { return s.AppendBinary(nil) }
func (s *sum32a) MarshalBinary() ([]byte, error)  { return s.AppendBinary(nil) }
func (s *sum64) MarshalBinary() ([]byte, error)   { return s.AppendBinary(nil) }
func (s *sum64a) MarshalBinary() ([]byte, error)  { return s.AppendBinary(nil) }
func (s *sum128) MarshalBinary() ([]byte, error)  { return s.AppendBinary(nil) }
func (s *sum128a) MarshalBinary() ([]byte, error) { return s.AppendBinary(nil) }

var (
	errIdent = errors.New("hash/fnv: invalid hash state identifier")
	errSize  = errors.New("hash/fnv: invalid hash state size")
)

// checkState checks b's magic and length (the magic and n bytes).
func checkState(b []byte, magic string, n int) error {
	if len(b) < len(magic) || string(b[:len(magic)]) != magic {
		return errIdent
	}
	if len(b) != len(magic)+n {
		return errSize
	}
	return nil
}

func (s *sum32) UnmarshalBinary(b []byte) error {
	if err := checkState(b, magic32, 4); err != nil {
		return err
	}
	*s = sum32(read32(b[4:]))
	return nil
}

func (s *sum32a) UnmarshalBinary(b []byte) error {
	if err := checkState(b, magic32a, 4); err != nil {
		return err
	}
	*s = sum32a(read32(b[4:]))
	return nil
}

func (s *sum64) UnmarshalBinary(b []byte) error {
	if err := checkState(b, magic64, 8); err != nil {
		return err
	}
	*s = sum64(read64(b[4:]))
	return nil
}

func (s *sum64a) UnmarshalBinary(b []byte) error {
	if err := checkState(b, magic64a, 8); err != nil {
		return err
	}
	*s = sum64a(read64(b[4:]))
	return nil
}

func (s *sum128) UnmarshalBinary(b []byte) error {
	if err := checkState(b, magic128, 16); err != nil {
		return err
	}
	s[0] = read64(b[4:])
	s[1] = read64(b[12:])
	return nil
}

func (s *sum128a) UnmarshalBinary(b []byte) error {
	if err := checkState(b, magic128a, 16); err != nil {
		return err
	}
	s[0] = read64(b[4:])
	s[1] = read64(b[12:])
	return nil
}

func (s *sum32) Clone() (hash.Cloner, error) {
	r := *s
	return &r, nil
}

func (s *sum32a) Clone() (hash.Cloner, error) {
	r := *s
	return &r, nil
}

func (s *sum64) Clone() (hash.Cloner, error) {
	r := *s
	return &r, nil
}

func (s *sum64a) Clone() (hash.Cloner, error) {
	r := *s
	return &r, nil
}

func (s *sum128) Clone() (hash.Cloner, error) {
	r := *s
	return &r, nil
}

func (s *sum128a) Clone() (hash.Cloner, error) {
	r := *s
	return &r, nil
}
