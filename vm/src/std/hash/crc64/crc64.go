// Package crc64 (hash/crc64) as minigo provides it, in Go: the 64-bit
// cyclic redundancy check with Go's API.
package crc64

import (
	"errors"
	"hash"
	"sync"
)

// The size of a CRC-64 checksum in bytes.
const Size = 8

// Predefined polynomials.
const (
	// The ISO polynomial, defined in ISO 3309 and used in HDLC.
	ISO = 0xD800000000000000

	// The ECMA polynomial, defined in ECMA 182.
	ECMA = 0xC96C5795D7870F42
)

// Table is a 256-word table representing the polynomial for efficient processing.
type Table [256]uint64

// The ISO and ECMA tables, made on first use; the Onces order their
// making before every use, by any goroutine (as Go's sync.Once there).
var (
	isoOnce, ecmaOnce   sync.Once
	isoTable, ecmaTable *Table
)

func buildTable(poly uint64) *Table {
	t := new(Table)
	for i := 0; i < 256; i++ {
		c := uint64(i)
		for j := 0; j < 8; j++ {
			if c&1 == 1 {
				c = c>>1 ^ poly
			} else {
				c >>= 1
			}
		}
		t[i] = c
	}
	return t
}

// MakeTable returns a Table constructed from the specified polynomial.
func MakeTable(poly uint64) *Table {
	switch poly {
	case ISO:
		isoOnce.Do(func() { isoTable = buildTable(ISO) })
		return isoTable
	case ECMA:
		ecmaOnce.Do(func() { ecmaTable = buildTable(ECMA) })
		return ecmaTable
	}
	return buildTable(poly)
}

type digest struct {
	crc uint64
	tab *Table
}

// New creates a new hash.Hash64 computing the CRC-64 checksum using the
// polynomial represented by the Table.
func New(tab *Table) hash.Hash64 { return &digest{0, tab} }

func (d *digest) Size() int      { return Size }
func (d *digest) BlockSize() int { return 1 }
func (d *digest) Reset()         { d.crc = 0 }

const crc64Magic = "crc\x02"

func crc64be(b []byte, v uint64) []byte {
	return append(b, byte(v>>56), byte(v>>48), byte(v>>40), byte(v>>32), byte(v>>24), byte(v>>16), byte(v>>8), byte(v))
}

func crc64read(b []byte) uint64 {
	var v uint64
	for i := 0; i < 8; i++ {
		v = v<<8 | uint64(b[i])
	}
	return v
}

func (d *digest) AppendBinary(b []byte) ([]byte, error) {
	b = append(b, crc64Magic...)
	b = crc64be(b, tableSum(d.tab))
	return crc64be(b, d.crc), nil
}

func (d *digest) MarshalBinary() ([]byte, error) {
	return d.AppendBinary(make([]byte, 0, 20))
}

func (d *digest) UnmarshalBinary(b []byte) error {
	if len(b) < len(crc64Magic) || string(b[:len(crc64Magic)]) != crc64Magic {
		return errors.New("hash/crc64: invalid hash state identifier")
	}
	if len(b) != len(crc64Magic)+16 {
		return errors.New("hash/crc64: invalid hash state size")
	}
	if tableSum(d.tab) != crc64read(b[4:]) {
		return errors.New("hash/crc64: tables do not match")
	}
	d.crc = crc64read(b[12:])
	return nil
}

func (d *digest) Clone() (hash.Cloner, error) {
	r := *d
	return &r, nil
}

// Update returns the result of adding the bytes in p to the crc.
func Update(crc uint64, tab *Table, p []byte) uint64 {
	crc = ^crc
	for _, v := range p {
		crc = tab[byte(crc)^v] ^ crc>>8
	}
	return ^crc
}

func (d *digest) Write(p []byte) (n int, err error) {
	d.crc = Update(d.crc, d.tab, p)
	return len(p), nil
}

func (d *digest) Sum64() uint64 { return d.crc }

func (d *digest) Sum(in []byte) []byte { return crc64be(in, d.crc) }

// Checksum returns the CRC-64 checksum of data using the polynomial
// represented by the Table.
func Checksum(data []byte, tab *Table) uint64 { return Update(0, tab, data) }

func tableSum(t *Table) uint64 {
	b := make([]byte, 0, 2048)
	if t != nil {
		for _, x := range t {
			b = crc64be(b, x)
		}
	}
	return Checksum(b, MakeTable(ISO))
}
