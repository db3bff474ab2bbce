// Package crc32 (hash/crc32) as minigo provides it, in Go: the 32-bit
// cyclic redundancy check with table-driven updates (one table lookup
// per byte), Go's IEEE, Castagnoli and Koopman polynomials and its binary
// state form.
package crc32

import (
	"errors"
	"hash"
	"sync"
)

// Size is the size of a CRC-32 checksum in bytes.
const Size = 4

// Reversed polynomials.
const (
	IEEE       = 0xedb88320
	Castagnoli = 0x82f63b78
	Koopman    = 0xeb31d82e
)

// Table is a 256-word table representing a polynomial.
type Table [256]uint32

func makeTable(poly uint32) *Table {
	t := new(Table)
	for i := 0; i < 256; i++ {
		crc := uint32(i)
		for j := 0; j < 8; j++ {
			if crc&1 == 1 {
				crc = crc>>1 ^ poly
			} else {
				crc >>= 1
			}
		}
		t[i] = crc
	}
	return t
}

// IEEETable is the table of the IEEE polynomial.
var IEEETable = makeTable(IEEE)

// The Castagnoli table, made on first use; the Once orders its making
// before every use, by any goroutine (as Go's castagnoliOnce).
var (
	castagnoliOnce  sync.Once
	castagnoliTable *Table
)

func castagnoliInit() { castagnoliTable = makeTable(Castagnoli) }

// MakeTable returns the table of poly; IEEE and Castagnoli tables are
// shared.
func MakeTable(poly uint32) *Table {
	switch poly {
	case IEEE:
		return IEEETable
	case Castagnoli:
		castagnoliOnce.Do(castagnoliInit)
		return castagnoliTable
	}
	return makeTable(poly)
}

type digest struct {
	crc uint32
	tab *Table
}

// New returns a Hash32 computing the CRC-32 of tab.
func New(tab *Table) hash.Hash32 { return &digest{0, tab} }

// NewIEEE returns a Hash32 computing the IEEE CRC-32.
func NewIEEE() hash.Hash32 { return New(IEEETable) }

func (d *digest) Size() int      { return Size }
func (d *digest) BlockSize() int { return 1 }
func (d *digest) Reset()         { d.crc = 0 }

const magic = "crc\x01"

func be32(b []byte, v uint32) []byte {
	return append(b, byte(v>>24), byte(v>>16), byte(v>>8), byte(v))
}

func read32(b []byte) uint32 {
	return uint32(b[0])<<24 | uint32(b[1])<<16 | uint32(b[2])<<8 | uint32(b[3])
}

func (d *digest) AppendBinary(b []byte) ([]byte, error) {
	b = append(b, magic...)
	b = be32(b, tableSum(d.tab))
	return be32(b, d.crc), nil
}

func (d *digest) MarshalBinary() ([]byte, error) {
	return d.AppendBinary(make([]byte, 0, 12))
}

func (d *digest) UnmarshalBinary(b []byte) error {
	if len(b) < len(magic) || string(b[:len(magic)]) != magic {
		return errors.New("hash/crc32: invalid hash state identifier")
	}
	if len(b) != len(magic)+8 {
		return errors.New("hash/crc32: invalid hash state size")
	}
	if tableSum(d.tab) != read32(b[4:]) {
		return errors.New("hash/crc32: tables do not match")
	}
	d.crc = read32(b[8:])
	return nil
}

func (d *digest) Clone() (hash.Cloner, error) {
	r := *d
	return &r, nil
}

// Update returns the CRC of p appended to data whose CRC is crc.
func Update(crc uint32, tab *Table, p []byte) uint32 {
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

func (d *digest) Sum32() uint32 { return d.crc }

func (d *digest) Sum(in []byte) []byte { return be32(in, d.crc) }

// Checksum is the CRC of data with tab.
func Checksum(data []byte, tab *Table) uint32 { return Update(0, tab, data) }

// ChecksumIEEE is the IEEE CRC of data.
func ChecksumIEEE(data []byte) uint32 { return Update(0, IEEETable, data) }

// tableSum is the IEEE CRC of t's words (big-endian), identifying it.
func tableSum(t *Table) uint32 {
	b := make([]byte, 0, 1024)
	if t != nil {
		for _, x := range t {
			b = be32(b, x)
		}
	}
	return ChecksumIEEE(b)
}
