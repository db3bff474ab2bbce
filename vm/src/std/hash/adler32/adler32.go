// Package adler32 (hash/adler32) as minigo provides it, in Go: the
// Adler-32 checksum of RFC 1950.
package adler32

import (
	"errors"
	"hash"
)

const adlerMod = 65521

// adlerNmax is the most bytes summed before s2 must be reduced.
const adlerNmax = 5552

// The size of an Adler-32 checksum in bytes.
const Size = 4

// digest is a/s1 in the low half, b/s2 in the high half.
type digest uint32

func (d *digest) Reset() { *d = 1 }

// New returns a new hash.Hash32 computing the Adler-32 checksum.
func New() hash.Hash32 {
	d := new(digest)
	d.Reset()
	return d
}

func (d *digest) Size() int      { return Size }
func (d *digest) BlockSize() int { return 4 }

const adlerMagic = "adl\x01"

func (d *digest) AppendBinary(b []byte) ([]byte, error) {
	v := uint32(*d)
	b = append(b, adlerMagic...)
	return append(b, byte(v>>24), byte(v>>16), byte(v>>8), byte(v)), nil
}

func (d *digest) MarshalBinary() ([]byte, error) {
	return d.AppendBinary(make([]byte, 0, 8))
}

func (d *digest) UnmarshalBinary(b []byte) error {
	if len(b) < len(adlerMagic) || string(b[:len(adlerMagic)]) != adlerMagic {
		return errors.New("hash/adler32: invalid hash state identifier")
	}
	if len(b) != len(adlerMagic)+4 {
		return errors.New("hash/adler32: invalid hash state size")
	}
	*d = digest(uint32(b[4])<<24 | uint32(b[5])<<16 | uint32(b[6])<<8 | uint32(b[7]))
	return nil
}

func (d *digest) Clone() (hash.Cloner, error) {
	r := *d
	return &r, nil
}

func adlerUpdate(d digest, p []byte) digest {
	s1, s2 := uint32(d&0xffff), uint32(d>>16)
	for len(p) > 0 {
		var q []byte
		if len(p) > adlerNmax {
			p, q = p[:adlerNmax], p[adlerNmax:]
		}
		for _, x := range p {
			s1 += uint32(x)
			s2 += s1
		}
		s1 %= adlerMod
		s2 %= adlerMod
		p = q
	}
	return digest(s2<<16 | s1)
}

func (d *digest) Write(p []byte) (nn int, err error) {
	*d = adlerUpdate(*d, p)
	return len(p), nil
}

func (d *digest) Sum32() uint32 { return uint32(*d) }

func (d *digest) Sum(in []byte) []byte {
	s := uint32(*d)
	return append(in, byte(s>>24), byte(s>>16), byte(s>>8), byte(s))
}

// Checksum returns the Adler-32 checksum of data.
func Checksum(data []byte) uint32 { return uint32(adlerUpdate(1, data)) }
