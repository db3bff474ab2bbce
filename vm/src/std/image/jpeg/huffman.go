package jpeg

import "io"

// huffTable is a decoding table: a 256-entry look-up on the next 8 bits
// for the short codes (value<<8 | length+1, 0 when absent), and the
// canonical code ranges per length for the others.
type huffTable struct {
	count  int32
	fast   [256]uint16
	values [256]uint8
	first  [16]int32 // first code of each length, -1 if none
	last   [16]int32 // last code of each length, -1 if none
	index  [16]int32 // index in values of the first code, -1 if none
}

var errShortHuff = FormatError("short Huffman data")

// fillBits reads stuffed bytes until at least n bits are buffered.
func (d *jpegDecoder) fillBits(n int32) error {
	for {
		c, err := d.stuffedByte()
		if err != nil {
			if err == io.ErrUnexpectedEOF {
				return errShortHuff
			}
			return err
		}
		d.acc = d.acc<<8 | uint32(c)
		d.nbits += 8
		if d.mask == 0 {
			d.mask = 0x80
		} else {
			d.mask <<= 8
		}
		if d.nbits >= n {
			return nil
		}
	}
}

// extend reads t bits and sign-extends them as in section F.2.2.1.
func (d *jpegDecoder) extend(t uint8) (int32, error) {
	if t == 0 {
		return 0, nil
	}
	if d.nbits < int32(t) {
		if err := d.fillBits(int32(t)); err != nil {
			return 0, err
		}
	}
	d.nbits -= int32(t)
	d.mask >>= t
	x := int32(d.acc>>uint32(d.nbits)) & (int32(1)<<t - 1)
	if x < int32(1)<<(t-1) {
		x -= int32(1)<<t - 1
	}
	return x, nil
}

func (d *jpegDecoder) readDHT(n int) error {
	for n > 0 {
		if n < 17 {
			return FormatError("DHT has wrong length")
		}
		if err := d.readAll(d.tmp[:17]); err != nil {
			return err
		}
		class := d.tmp[0] >> 4
		if class > 1 {
			return FormatError("bad Tc value")
		}
		id := d.tmp[0] & 15
		if id > 3 || (d.baseline && id > 1) {
			return FormatError("bad Th value")
		}
		t := &d.tables[class][id]
		var lens [16]int32
		t.count = 0
		for i := 0; i < 16; i++ {
			lens[i] = int32(d.tmp[1+i])
			t.count += lens[i]
		}
		if t.count == 0 {
			return FormatError("Huffman table has zero length")
		}
		if t.count > 256 {
			return FormatError("Huffman table has excessive length")
		}
		n -= int(t.count) + 17
		if n < 0 {
			return FormatError("DHT has wrong length")
		}
		if err := d.readAll(t.values[:t.count]); err != nil {
			return err
		}
		for i := range t.fast {
			t.fast[i] = 0
		}
		code, k := uint32(0), 0
		for l := uint32(1); l <= 8; l++ {
			code <<= 1
			span := 1 << (8 - l)
			for j := int32(0); j < lens[l-1]; j++ {
				start := int(uint8(code << (8 - l)))
				e := uint16(t.values[k])<<8 | uint16(l+1)
				for s := 0; s < span; s++ {
					t.fast[start|s] = e
				}
				code++
				k++
			}
		}
		c, idx := int32(0), int32(0)
		for i := 0; i < 16; i++ {
			if lens[i] == 0 {
				t.first[i], t.last[i], t.index[i] = -1, -1, -1
			} else {
				t.first[i] = c
				t.last[i] = c + lens[i] - 1
				t.index[i] = idx
				c += lens[i]
				idx += lens[i]
			}
			c <<= 1
		}
	}
	return nil
}

func (d *jpegDecoder) huff(t *huffTable) (uint8, error) {
	if t.count == 0 {
		return 0, FormatError("uninitialized Huffman table")
	}
	slow := false
	if d.nbits < 8 {
		if err := d.fillBits(8); err != nil {
			if err != errNoFF00 && err != errShortHuff {
				return 0, err
			}
			if d.unread != 0 {
				d.giveBack()
			}
			slow = true
		}
	}
	if !slow {
		if e := t.fast[(d.acc>>uint32(d.nbits-8))&0xff]; e != 0 {
			l := (e & 0xff) - 1
			d.nbits -= int32(l)
			d.mask >>= l
			return uint8(e >> 8), nil
		}
	}
	code := int32(0)
	for i := 0; i < 16; i++ {
		if d.nbits == 0 {
			if err := d.fillBits(1); err != nil {
				return 0, err
			}
		}
		if d.acc&d.mask != 0 {
			code |= 1
		}
		d.nbits--
		d.mask >>= 1
		if code <= t.last[i] {
			return t.values[t.index[i]+code-t.first[i]], nil
		}
		code <<= 1
	}
	return 0, FormatError("bad Huffman code")
}

func (d *jpegDecoder) bit() (bool, error) {
	if d.nbits == 0 {
		if err := d.fillBits(1); err != nil {
			return false, err
		}
	}
	set := d.acc&d.mask != 0
	d.nbits--
	d.mask >>= 1
	return set, nil
}

func (d *jpegDecoder) bitsN(n int32) (uint32, error) {
	if d.nbits < n {
		if err := d.fillBits(n); err != nil {
			return 0, err
		}
	}
	v := (d.acc >> uint32(d.nbits-n)) & (1<<uint32(n) - 1)
	d.nbits -= n
	d.mask >>= uint32(n)
	return v, nil
}
