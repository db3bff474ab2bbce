package jpeg

import (
	"bufio"
	"errors"
	"image"
	"image/color"
	"io"
)

// DefaultQuality is the default quality encoding parameter.
const DefaultQuality = 75

// Options are the encoding parameters.
// Quality ranges from 1 to 100 inclusive, higher is better.
type Options struct {
	Quality int
}

// The example tables of ITU-T T.81 Annex K, in zig-zag order.
var baseQuant = [2][64]byte{
	{
		16, 11, 12, 14, 12, 10, 16, 14,
		13, 14, 18, 17, 16, 19, 24, 40,
		26, 24, 22, 22, 24, 49, 35, 37,
		29, 40, 58, 51, 61, 60, 57, 51,
		56, 55, 64, 72, 92, 78, 64, 68,
		87, 69, 55, 56, 80, 109, 81, 87,
		95, 98, 103, 104, 103, 62, 77, 113,
		121, 112, 100, 120, 92, 101, 103, 99,
	},
	{
		17, 18, 18, 24, 21, 24, 47, 26,
		26, 47, 99, 66, 56, 66, 99, 99,
		99, 99, 99, 99, 99, 99, 99, 99,
		99, 99, 99, 99, 99, 99, 99, 99,
		99, 99, 99, 99, 99, 99, 99, 99,
		99, 99, 99, 99, 99, 99, 99, 99,
		99, 99, 99, 99, 99, 99, 99, 99,
		99, 99, 99, 99, 99, 99, 99, 99,
	},
}

// Huffman tables of ITU-T T.81 section K.3: code counts per length, then
// the values. Luminance DC, luminance AC, chrominance DC, chrominance AC.
var stdCounts = [4][16]byte{
	{0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0},
	{0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 125},
	{0, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0},
	{0, 2, 1, 2, 4, 4, 3, 4, 7, 5, 4, 4, 0, 1, 2, 119},
}

var stdValues = [4][]byte{
	{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11},
	{
		0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12,
		0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61, 0x07,
		0x22, 0x71, 0x14, 0x32, 0x81, 0x91, 0xa1, 0x08,
		0x23, 0x42, 0xb1, 0xc1, 0x15, 0x52, 0xd1, 0xf0,
		0x24, 0x33, 0x62, 0x72, 0x82, 0x09, 0x0a, 0x16,
		0x17, 0x18, 0x19, 0x1a, 0x25, 0x26, 0x27, 0x28,
		0x29, 0x2a, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39,
		0x3a, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49,
		0x4a, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59,
		0x5a, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69,
		0x6a, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79,
		0x7a, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89,
		0x8a, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98,
		0x99, 0x9a, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7,
		0xa8, 0xa9, 0xaa, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6,
		0xb7, 0xb8, 0xb9, 0xba, 0xc2, 0xc3, 0xc4, 0xc5,
		0xc6, 0xc7, 0xc8, 0xc9, 0xca, 0xd2, 0xd3, 0xd4,
		0xd5, 0xd6, 0xd7, 0xd8, 0xd9, 0xda, 0xe1, 0xe2,
		0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9, 0xea,
		0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8,
		0xf9, 0xfa,
	},
	{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11},
	{
		0x00, 0x01, 0x02, 0x03, 0x11, 0x04, 0x05, 0x21,
		0x31, 0x06, 0x12, 0x41, 0x51, 0x07, 0x61, 0x71,
		0x13, 0x22, 0x32, 0x81, 0x08, 0x14, 0x42, 0x91,
		0xa1, 0xb1, 0xc1, 0x09, 0x23, 0x33, 0x52, 0xf0,
		0x15, 0x62, 0x72, 0xd1, 0x0a, 0x16, 0x24, 0x34,
		0xe1, 0x25, 0xf1, 0x17, 0x18, 0x19, 0x1a, 0x26,
		0x27, 0x28, 0x29, 0x2a, 0x35, 0x36, 0x37, 0x38,
		0x39, 0x3a, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48,
		0x49, 0x4a, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58,
		0x59, 0x5a, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68,
		0x69, 0x6a, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78,
		0x79, 0x7a, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87,
		0x88, 0x89, 0x8a, 0x92, 0x93, 0x94, 0x95, 0x96,
		0x97, 0x98, 0x99, 0x9a, 0xa2, 0xa3, 0xa4, 0xa5,
		0xa6, 0xa7, 0xa8, 0xa9, 0xaa, 0xb2, 0xb3, 0xb4,
		0xb5, 0xb6, 0xb7, 0xb8, 0xb9, 0xba, 0xc2, 0xc3,
		0xc4, 0xc5, 0xc6, 0xc7, 0xc8, 0xc9, 0xca, 0xd2,
		0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xd9, 0xda,
		0xe2, 0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9,
		0xea, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8,
		0xf9, 0xfa,
	},
}

// stdCodes[t][v] is length<<24 | code for value v of table t.
var stdCodes [4][256]uint32

func init() {
	for t := 0; t < 4; t++ {
		code, k := uint32(0), 0
		for l := 1; l <= 16; l++ {
			for j := 0; j < int(stdCounts[t][l-1]); j++ {
				stdCodes[t][stdValues[t][k]] = uint32(l)<<24 | code
				code++
				k++
			}
			code <<= 1
		}
	}
}

type byteSink interface {
	Flush() error
	io.Writer
	io.ByteWriter
}

type jpegEncoder struct {
	w     byteSink
	err   error
	acc   uint32 // pending bits, left-aligned
	nacc  uint32
	quant [2][64]byte
	hdr   [20]byte
}

func (e *jpegEncoder) put(p []byte) {
	if e.err == nil {
		_, e.err = e.w.Write(p)
	}
}

func (e *jpegEncoder) putByte(c byte) {
	if e.err == nil {
		e.err = e.w.WriteByte(c)
	}
}

// bits appends the n low bits of v to the entropy-coded data.
func (e *jpegEncoder) bits(v, n uint32) {
	total := e.nacc + n
	acc := e.acc | v<<(32-total)
	for total >= 8 {
		c := byte(acc >> 24)
		e.putByte(c)
		if c == 0xff {
			e.putByte(0)
		}
		acc <<= 8
		total -= 8
	}
	e.acc, e.nacc = acc, total
}

func (e *jpegEncoder) code(t int, v int32) {
	x := stdCodes[t][v]
	e.bits(x&0xffffff, x>>24)
}

// sizedValue writes run/size with table t, then the size bits of v.
func (e *jpegEncoder) sizedValue(t int, run, v int32) {
	mag, low := v, v
	if v < 0 {
		mag, low = -v, v-1
	}
	size := uint32(0)
	for mag>>size != 0 {
		size++
	}
	e.code(t, run<<4|int32(size))
	if size > 0 {
		e.bits(uint32(low)&(1<<size-1), size)
	}
}

func (e *jpegEncoder) marker(m byte, length int) {
	e.hdr[0], e.hdr[1] = 0xff, m
	e.hdr[2], e.hdr[3] = byte(length>>8), byte(length)
	e.put(e.hdr[:4])
}

// fdctQuantize applies the forward transform to the samples of b (natural
// order) and replaces them with the coefficients, in zig-zag order,
// divided by 8 times the quantizers q and rounded half away from zero.
func fdctQuantize(b []int32, q []byte)

// block encodes the samples of b with quantizer q; it returns the DC value.
func (e *jpegEncoder) block(b []int32, q int, prevDC int32) int32 {
	fdctQuantize(b, e.quant[q][:])
	dc := b[0]
	e.sizedValue(2*q, 0, dc-prevDC)
	ac := 2*q + 1
	run := int32(0)
	for k := 1; k < 64; k++ {
		v := b[k]
		if v == 0 {
			run++
			continue
		}
		for run > 15 {
			e.code(ac, 0xf0)
			run -= 16
		}
		e.sizedValue(ac, run, v)
		run = 0
	}
	if run > 0 {
		e.code(ac, 0)
	}
	return dc
}

// sampleAt gives the pixel of m nearest to (x, y) that lies in m.
func clampPt(r image.Rectangle, x, y int) (int, int) {
	if x > r.Max.X-1 {
		x = r.Max.X - 1
	}
	if y > r.Max.Y-1 {
		y = r.Max.Y - 1
	}
	return x, y
}

// loadBlocks fills the 8x8 Y, Cb and Cr blocks at (x0, y0).
func loadBlocks(m image.Image, x0, y0 int, yb, cb, crb []int32) {
	r := m.Bounds()
	switch m := m.(type) {
	case *image.RGBA:
		if x0+8 <= r.Max.X && y0+8 <= r.Max.Y {
			// The whole block lies in the image: no clamping, and the
			// conversion of color.RGBToYCbCr written out.
			for j := 0; j < 8; j++ {
				o := m.PixOffset(x0, y0+j)
				px := m.Pix[o : o+32]
				for i := 0; i < 8; i++ {
					r1, g1, b1 := int32(px[4*i]), int32(px[4*i+1]), int32(px[4*i+2])
					u := -11056*r1 - 21712*g1 + 32768*b1 + 257<<15
					if uint32(u)&0xff000000 == 0 {
						u >>= 16
					} else {
						u = ^(u >> 31)
					}
					v := 32768*r1 - 27440*g1 - 5328*b1 + 257<<15
					if uint32(v)&0xff000000 == 0 {
						v >>= 16
					} else {
						v = ^(v >> 31)
					}
					k := 8*j + i
					yb[k] = int32(uint8((19595*r1 + 38470*g1 + 7471*b1 + 1<<15) >> 16))
					cb[k] = int32(uint8(u))
					crb[k] = int32(uint8(v))
				}
			}
			return
		}
		for j := 0; j < 8; j++ {
			for i := 0; i < 8; i++ {
				x, y := clampPt(r, x0+i, y0+j)
				o := m.PixOffset(x, y)
				yy, u, v := color.RGBToYCbCr(m.Pix[o], m.Pix[o+1], m.Pix[o+2])
				yb[8*j+i], cb[8*j+i], crb[8*j+i] = int32(yy), int32(u), int32(v)
			}
		}
	case *image.YCbCr:
		for j := 0; j < 8; j++ {
			for i := 0; i < 8; i++ {
				x, y := clampPt(r, x0+i, y0+j)
				yi, ci := m.YOffset(x, y), m.COffset(x, y)
				yb[8*j+i], cb[8*j+i], crb[8*j+i] = int32(m.Y[yi]), int32(m.Cb[ci]), int32(m.Cr[ci])
			}
		}
	default:
		for j := 0; j < 8; j++ {
			for i := 0; i < 8; i++ {
				x, y := clampPt(r, x0+i, y0+j)
				cr, cg, cbl, _ := m.At(x, y).RGBA()
				yy, u, v := color.RGBToYCbCr(uint8(cr>>8), uint8(cg>>8), uint8(cbl>>8))
				yb[8*j+i], cb[8*j+i], crb[8*j+i] = int32(yy), int32(u), int32(v)
			}
		}
	}
}

// halve averages the four 8x8 blocks of src (a 16x16 area, in the order
// top-left, top-right, bottom-left, bottom-right) into one block.
func halve(dst []int32, src *[4][]int32) {
	for q := 0; q < 4; q++ {
		base := (q>>1)*32 + (q&1)*4
		s := src[q]
		for y := 0; y < 4; y++ {
			for x := 0; x < 4; x++ {
				k := 16*y + 2*x
				dst[base+8*y+x] = (s[k] + s[k+1] + s[k+8] + s[k+9] + 2) >> 2
			}
		}
	}
}

// Encode writes the Image m to w in JPEG 4:2:0 baseline format with the given
// options. Default parameters are used if a nil *[Options] is passed.
func Encode(w io.Writer, m image.Image, o *Options) error {
	r := m.Bounds()
	if r.Dx() >= 1<<16 || r.Dy() >= 1<<16 {
		return errors.New("jpeg: image is too large to encode")
	}
	e := new(jpegEncoder)
	if s, ok := w.(byteSink); ok {
		e.w = s
	} else {
		e.w = bufio.NewWriter(w)
	}
	q := DefaultQuality
	if o != nil {
		q = o.Quality
		if q < 1 {
			q = 1
		} else if q > 100 {
			q = 100
		}
	}
	sc := 200 - 2*q
	if q < 50 {
		sc = 5000 / q
	}
	for t := 0; t < 2; t++ {
		for k := 0; k < 64; k++ {
			v := (int(baseQuant[t][k])*sc + 50) / 100
			if v < 1 {
				v = 1
			} else if v > 255 {
				v = 255
			}
			e.quant[t][k] = byte(v)
		}
	}
	gray, isGray := m.(*image.Gray)
	nc := 3
	if isGray {
		nc = 1
	}
	e.put([]byte{0xff, mkSOI})
	// DQT: both tables, even for gray images.
	e.marker(mkDQT, 2+2*65)
	for t := 0; t < 2; t++ {
		e.putByte(byte(t))
		e.put(e.quant[t][:])
	}
	// SOF0
	e.marker(mkSOF0, 8+3*nc)
	h := e.hdr[:0]
	h = append(h, 8, byte(r.Dy()>>8), byte(r.Dy()), byte(r.Dx()>>8), byte(r.Dx()), byte(nc))
	if nc == 1 {
		h = append(h, 1, 0x11, 0)
	} else {
		h = append(h, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1)
	}
	e.put(h)
	// DHT
	nt := 4
	if nc == 1 {
		nt = 2
	}
	size := 2
	for t := 0; t < nt; t++ {
		size += 17 + len(stdValues[t])
	}
	e.marker(mkDHT, size)
	classes := [4]byte{0x00, 0x10, 0x01, 0x11}
	for t := 0; t < nt; t++ {
		e.putByte(classes[t])
		e.put(stdCounts[t][:])
		e.put(stdValues[t])
	}
	// SOS
	if nc == 1 {
		e.put([]byte{0xff, mkSOS, 0, 8, 1, 1, 0x00, 0, 63, 0})
	} else {
		e.put([]byte{0xff, mkSOS, 0, 12, 3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 63, 0})
	}
	blk := make([]int32, 64)
	if isGray {
		prev := int32(0)
		for y := r.Min.Y; y < r.Max.Y; y += 8 {
			for x := r.Min.X; x < r.Max.X; x += 8 {
				for j := 0; j < 8; j++ {
					for i := 0; i < 8; i++ {
						px, py := clampPt(r, x+i, y+j)
						blk[8*j+i] = int32(gray.Pix[gray.PixOffset(px, py)])
					}
				}
				prev = e.block(blk, 0, prev)
			}
		}
	} else {
		var cbs, crs [4][]int32
		for i := 0; i < 4; i++ {
			cbs[i] = make([]int32, 64)
			crs[i] = make([]int32, 64)
		}
		var pY, pCb, pCr int32
		for y := r.Min.Y; y < r.Max.Y; y += 16 {
			for x := r.Min.X; x < r.Max.X; x += 16 {
				for i := 0; i < 4; i++ {
					loadBlocks(m, x+(i&1)*8, y+(i>>1)*8, blk, cbs[i], crs[i])
					pY = e.block(blk, 0, pY)
				}
				halve(blk, &cbs)
				pCb = e.block(blk, 1, pCb)
				halve(blk, &crs)
				pCr = e.block(blk, 1, pCr)
			}
		}
	}
	// Pad the last byte with 1 bits.
	e.bits(0x7f, 7)
	e.put([]byte{0xff, mkEOI})
	if e.err == nil {
		e.err = e.w.Flush()
	}
	return e.err
}
