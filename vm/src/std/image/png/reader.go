// Package png implements a PNG image decoder and encoder.
package png

import (
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"hash"
	"hash/crc32"
	"image"
	"image/color"
	"io"
)

const pngMagic = "\x89PNG\r\n\x1a\n"

// PNG color types.
const (
	ctGray      = 0
	ctRGB       = 2
	ctPalette   = 3
	ctGrayAlpha = 4
	ctRGBA      = 6
)

// Decoding stages, in the order chunks must come.
const (
	stStart = iota
	stIHDR
	stPLTE
	stTRNS
	stIDAT
	stIEND
)

// FormatError reports that the input is not a valid PNG.
type FormatError string

func (e FormatError) Error() string { return "png: invalid format: " + string(e) }

// UnsupportedError reports that the input uses a valid but unimplemented
// PNG feature.
type UnsupportedError string

func (e UnsupportedError) Error() string { return "png: unsupported feature: " + string(e) }

var errChunkOrder = FormatError("chunk out of order")

type pngDecoder struct {
	r          io.Reader
	crc        hash.Hash32
	img        image.Image
	width      int
	height     int
	depth      int
	colorType  int
	valid      bool
	interlaced bool
	palette    color.Palette
	stage      int
	idatLeft   uint32
	trns       bool
	trnsVal    [6]byte
	buf        [3 * 256]byte
}

func (d *pngDecoder) paletted() bool { return d.valid && d.colorType == ctPalette }

func (d *pngDecoder) truecolor() bool {
	return d.valid && d.colorType == ctRGB && (d.depth == 8 || d.depth == 16)
}

// pngColorOK reports whether the bit depth and color type pair is valid.
func pngColorOK(depth, ct int) bool {
	switch ct {
	case ctGray:
		return depth == 1 || depth == 2 || depth == 4 || depth == 8 || depth == 16
	case ctPalette:
		return depth == 1 || depth == 2 || depth == 4 || depth == 8
	case ctRGB, ctGrayAlpha, ctRGBA:
		return depth == 8 || depth == 16
	}
	return false
}

func (d *pngDecoder) readFull(b []byte) error {
	_, err := io.ReadFull(d.r, b)
	if err == nil {
		d.crc.Write(b)
	}
	return err
}

func (d *pngDecoder) checkCRC() error {
	if _, err := io.ReadFull(d.r, d.buf[:4]); err != nil {
		return err
	}
	if binary.BigEndian.Uint32(d.buf[:4]) != d.crc.Sum32() {
		return FormatError("invalid checksum")
	}
	return nil
}

func (d *pngDecoder) readIHDR(length uint32) error {
	if length != 13 {
		return FormatError("bad IHDR length")
	}
	b := d.buf[:13]
	if err := d.readFull(b); err != nil {
		return err
	}
	if b[10] != 0 {
		return UnsupportedError("compression method")
	}
	if b[11] != 0 {
		return UnsupportedError("filter method")
	}
	if b[12] > 1 {
		return FormatError("invalid interlace method")
	}
	d.interlaced = b[12] == 1
	w := int32(binary.BigEndian.Uint32(b[0:4]))
	h := int32(binary.BigEndian.Uint32(b[4:8]))
	if w <= 0 || h <= 0 {
		return FormatError("non-positive dimension")
	}
	if int64(w)*int64(h) > 1<<59 {
		return UnsupportedError("dimension overflow")
	}
	d.depth, d.colorType = int(b[8]), int(b[9])
	if !pngColorOK(d.depth, d.colorType) {
		return UnsupportedError(fmt.Sprintf("bit depth %d, color type %d", b[8], b[9]))
	}
	d.valid = true
	d.width, d.height = int(w), int(h)
	return d.checkCRC()
}

func (d *pngDecoder) readPLTE(length uint32) error {
	n := int(length / 3)
	if length%3 != 0 || n <= 0 || n > 256 || n > 1<<uint(d.depth) {
		return FormatError("bad PLTE length")
	}
	if err := d.readFull(d.buf[:3*n]); err != nil {
		return err
	}
	switch d.colorType {
	case ctPalette:
		full := make(color.Palette, 256)
		for i := range full {
			if i < n {
				full[i] = color.RGBA{d.buf[3*i], d.buf[3*i+1], d.buf[3*i+2], 0xff}
			} else {
				full[i] = color.RGBA{0, 0, 0, 0xff}
			}
		}
		d.palette = full[:n]
	case ctRGB, ctRGBA:
		// A suggested palette: ignored.
	default:
		return FormatError("PLTE, color type mismatch")
	}
	return d.checkCRC()
}

func (d *pngDecoder) readTRNS(length uint32) error {
	switch d.colorType {
	case ctGray:
		if length != 2 {
			return FormatError("bad tRNS length")
		}
		if err := d.readFull(d.buf[:2]); err != nil {
			return err
		}
		copy(d.trnsVal[:], d.buf[:2])
		switch d.depth {
		case 1:
			d.trnsVal[1] *= 0xff
		case 2:
			d.trnsVal[1] *= 0x55
		case 4:
			d.trnsVal[1] *= 0x11
		}
		d.trns = true
	case ctRGB:
		if length != 6 {
			return FormatError("bad tRNS length")
		}
		if err := d.readFull(d.buf[:6]); err != nil {
			return err
		}
		copy(d.trnsVal[:], d.buf[:6])
		d.trns = true
	case ctPalette:
		if length > 256 {
			return FormatError("bad tRNS length")
		}
		n := int(length)
		if err := d.readFull(d.buf[:n]); err != nil {
			return err
		}
		if len(d.palette) < n {
			d.palette = d.palette[:n]
		}
		for i := 0; i < n; i++ {
			c := d.palette[i].(color.RGBA)
			d.palette[i] = color.NRGBA{c.R, c.G, c.B, d.buf[i]}
		}
	default:
		return FormatError("tRNS, color type mismatch")
	}
	return d.checkCRC()
}

// Read gives the zlib reader the data of consecutive IDAT chunks.
func (d *pngDecoder) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	for d.idatLeft == 0 {
		if err := d.checkCRC(); err != nil {
			return 0, err
		}
		if _, err := io.ReadFull(d.r, d.buf[:8]); err != nil {
			return 0, err
		}
		d.idatLeft = binary.BigEndian.Uint32(d.buf[:4])
		if string(d.buf[4:8]) != "IDAT" {
			return 0, FormatError("not enough pixel data")
		}
		d.crc.Reset()
		d.crc.Write(d.buf[4:8])
	}
	if int32(d.idatLeft) < 0 {
		return 0, UnsupportedError("IDAT chunk length overflow")
	}
	n, err := d.r.Read(p[:min(len(p), int(d.idatLeft))])
	d.crc.Write(p[:n])
	d.idatLeft -= uint32(n)
	return n, err
}

// bitsPerPixel gives the size of one pixel in the encoded rows.
func (d *pngDecoder) bitsPerPixel() int {
	switch d.colorType {
	case ctRGB:
		return 3 * d.depth
	case ctGrayAlpha:
		return 2 * d.depth
	case ctRGBA:
		return 4 * d.depth
	}
	return d.depth
}

// newImage allocates the image the whole PNG decodes to.
func (d *pngDecoder) newImage() image.Image {
	r := image.Rect(0, 0, d.width, d.height)
	switch d.colorType {
	case ctGray:
		if d.depth == 16 {
			if d.trns {
				return image.NewNRGBA64(r)
			}
			return image.NewGray16(r)
		}
		if d.trns {
			return image.NewNRGBA(r)
		}
		return image.NewGray(r)
	case ctRGB:
		if d.depth == 16 {
			if d.trns {
				return image.NewNRGBA64(r)
			}
			return image.NewRGBA64(r)
		}
		if d.trns {
			return image.NewNRGBA(r)
		}
		return image.NewRGBA(r)
	case ctPalette:
		return image.NewPaletted(r, d.palette)
	}
	if d.depth == 16 {
		return image.NewNRGBA64(r)
	}
	return image.NewNRGBA(r)
}

// Adam7 passes: x step, y step, x offset, y offset.
var adam7 = [7][4]int{
	{8, 8, 0, 0},
	{8, 8, 4, 0},
	{4, 8, 0, 4},
	{4, 4, 2, 0},
	{2, 4, 0, 2},
	{2, 2, 1, 0},
	{1, 2, 0, 1},
}

func (d *pngDecoder) decodePixels() (image.Image, error) {
	zr, err := zlib.NewReader(d)
	if err != nil {
		return nil, err
	}
	defer zr.Close()
	img := d.newImage()
	if !d.interlaced {
		if err := d.readPass(zr, img, 1, 1, 0, 0); err != nil {
			return nil, err
		}
	} else {
		for _, p := range adam7 {
			if err := d.readPass(zr, img, p[0], p[1], p[2], p[3]); err != nil {
				return nil, err
			}
		}
	}
	// The zlib stream must end with the pixels.
	n := 0
	var one [1]byte
	for i := 0; n == 0 && err == nil; i++ {
		if i == 100 {
			return nil, io.ErrNoProgress
		}
		n, err = zr.Read(one[:])
	}
	if err != nil && err != io.EOF {
		return nil, FormatError(err.Error())
	}
	if n != 0 || d.idatLeft != 0 {
		return nil, FormatError("too much pixel data")
	}
	return img, nil
}

// unfilterRow undoes filter ft of row cur given the previous row; it
// reports false for an unknown filter type. (Native: the hot loop.)
func unfilterRow(ft byte, cur, prev []byte, bpp int) bool

// readPass decodes one pass of pixels (the whole image when not
// interlaced) into img, pixel (x, y) of the pass going to
// (x*xs+xo, y*ys+yo).
func (d *pngDecoder) readPass(r io.Reader, img image.Image, xs, ys, xo, yo int) error {
	w := (d.width - xo + xs - 1) / xs
	h := (d.height - yo + ys - 1) / ys
	if w <= 0 || h <= 0 {
		return nil
	}
	bits := d.bitsPerPixel()
	bpp := (bits + 7) / 8
	rowLen := 1 + (bits*w+7)/8
	cur := make([]byte, rowLen)
	prev := make([]byte, rowLen)
	var pix []byte
	stride, outBpp := 0, 0
	var pal *image.Paletted
	switch m := img.(type) {
	case *image.Gray:
		pix, stride, outBpp = m.Pix, m.Stride, 1
	case *image.Gray16:
		pix, stride, outBpp = m.Pix, m.Stride, 2
	case *image.RGBA:
		pix, stride, outBpp = m.Pix, m.Stride, 4
	case *image.RGBA64:
		pix, stride, outBpp = m.Pix, m.Stride, 8
	case *image.NRGBA:
		pix, stride, outBpp = m.Pix, m.Stride, 4
	case *image.NRGBA64:
		pix, stride, outBpp = m.Pix, m.Stride, 8
	case *image.Paletted:
		pix, stride, outBpp, pal = m.Pix, m.Stride, 1, m
	}
	maxIdx := -1
	for y := 0; y < h; y++ {
		if _, err := io.ReadFull(r, cur); err != nil {
			if err == io.EOF || err == io.ErrUnexpectedEOF {
				return FormatError("not enough pixel data")
			}
			return err
		}
		if !unfilterRow(cur[0], cur[1:], prev[1:], bpp) {
			return FormatError("bad filter type")
		}
		row := cur[1:]
		o := (y*ys+yo)*stride + xo*outBpp
		step := xs * outBpp
		switch {
		case d.depth < 8:
			// Gray or paletted samples packed several to a byte.
			depth := uint(d.depth)
			mask := byte(1<<depth - 1)
			scale := byte(0xff / (1<<depth - 1))
			for x := 0; x < w; x++ {
				bitPos := uint(x) * depth
				v := row[bitPos/8] >> (8 - depth - bitPos%8) & mask
				if pal != nil {
					pix[o] = v
					maxIdx = max(maxIdx, int(v))
				} else if d.trns {
					g := v * scale
					a := byte(0xff)
					if g == d.trnsVal[1] {
						a = 0
					}
					pix[o], pix[o+1], pix[o+2], pix[o+3] = g, g, g, a
				} else {
					pix[o] = v * scale
				}
				o += step
			}
		case d.depth == 8:
			switch d.colorType {
			case ctGray:
				for x := 0; x < w; x++ {
					g := row[x]
					if d.trns {
						a := byte(0xff)
						if g == d.trnsVal[1] {
							a = 0
						}
						pix[o], pix[o+1], pix[o+2], pix[o+3] = g, g, g, a
					} else {
						pix[o] = g
					}
					o += step
				}
			case ctPalette:
				for x := 0; x < w; x++ {
					pix[o] = row[x]
					maxIdx = max(maxIdx, int(row[x]))
					o += step
				}
			case ctGrayAlpha:
				for x := 0; x < w; x++ {
					g := row[2*x]
					pix[o], pix[o+1], pix[o+2], pix[o+3] = g, g, g, row[2*x+1]
					o += step
				}
			case ctRGB:
				for x := 0; x < w; x++ {
					r, g, b := row[3*x], row[3*x+1], row[3*x+2]
					a := byte(0xff)
					if d.trns && r == d.trnsVal[1] && g == d.trnsVal[3] && b == d.trnsVal[5] {
						a = 0
					}
					pix[o], pix[o+1], pix[o+2], pix[o+3] = r, g, b, a
					o += step
				}
			case ctRGBA:
				if xs == 1 {
					copy(pix[o:o+4*w], row)
				} else {
					for x := 0; x < w; x++ {
						copy(pix[o:o+4], row[4*x:4*x+4])
						o += step
					}
				}
			}
		default: // 16 bits per sample
			switch d.colorType {
			case ctGray:
				for x := 0; x < w; x++ {
					g0, g1 := row[2*x], row[2*x+1]
					if d.trns {
						a := byte(0xff)
						if g0 == d.trnsVal[0] && g1 == d.trnsVal[1] {
							a = 0
						}
						pix[o], pix[o+1], pix[o+2], pix[o+3] = g0, g1, g0, g1
						pix[o+4], pix[o+5], pix[o+6], pix[o+7] = g0, g1, a, a
					} else {
						pix[o], pix[o+1] = g0, g1
					}
					o += step
				}
			case ctGrayAlpha:
				for x := 0; x < w; x++ {
					s := row[4*x : 4*x+4]
					pix[o], pix[o+1], pix[o+2], pix[o+3] = s[0], s[1], s[0], s[1]
					pix[o+4], pix[o+5], pix[o+6], pix[o+7] = s[0], s[1], s[2], s[3]
					o += step
				}
			case ctRGB:
				for x := 0; x < w; x++ {
					s := row[6*x : 6*x+6]
					a := byte(0xff)
					if d.trns && string(s) == string(d.trnsVal[:]) {
						a = 0
					}
					copy(pix[o:o+6], s)
					pix[o+6], pix[o+7] = a, a
					o += step
				}
			case ctRGBA:
				for x := 0; x < w; x++ {
					copy(pix[o:o+8], row[8*x:8*x+8])
					o += step
				}
			}
		}
		cur, prev = prev, cur
	}
	if pal != nil && maxIdx >= len(pal.Palette) {
		pal.Palette = pal.Palette[:maxIdx+1]
	}
	return nil
}

func (d *pngDecoder) readChunk(configOnly bool) error {
	if _, err := io.ReadFull(d.r, d.buf[:8]); err != nil {
		return err
	}
	length := binary.BigEndian.Uint32(d.buf[:4])
	d.crc.Reset()
	d.crc.Write(d.buf[4:8])
	switch string(d.buf[4:8]) {
	case "IHDR":
		if d.stage != stStart {
			return errChunkOrder
		}
		d.stage = stIHDR
		return d.readIHDR(length)
	case "PLTE":
		if d.stage != stIHDR {
			return errChunkOrder
		}
		d.stage = stPLTE
		return d.readPLTE(length)
	case "tRNS":
		if d.paletted() {
			if d.stage != stPLTE {
				return errChunkOrder
			}
		} else if d.truecolor() {
			if d.stage != stIHDR && d.stage != stPLTE {
				return errChunkOrder
			}
		} else if d.stage != stIHDR {
			return errChunkOrder
		}
		d.stage = stTRNS
		return d.readTRNS(length)
	case "IDAT":
		if d.stage < stIHDR || d.stage > stIDAT || (d.stage == stIHDR && d.paletted()) {
			return errChunkOrder
		}
		if d.stage != stIDAT {
			d.stage = stIDAT
			if configOnly {
				return nil
			}
			d.idatLeft = length
			img, err := d.decodePixels()
			if err != nil {
				return err
			}
			d.img = img
			return d.checkCRC()
		}
		// A stray IDAT after the image data: skipped below.
	case "IEND":
		if d.stage != stIDAT {
			return errChunkOrder
		}
		d.stage = stIEND
		if length != 0 {
			return FormatError("bad IEND length")
		}
		return d.checkCRC()
	}
	if length > 0x7fffffff {
		return FormatError(fmt.Sprintf("Bad chunk length: %d", length))
	}
	var skip [4096]byte
	for length > 0 {
		n := min(len(skip), int(length))
		if err := d.readFull(skip[:n]); err != nil {
			return err
		}
		length -= uint32(n)
	}
	return d.checkCRC()
}

func newPNGDecoder(r io.Reader) (*pngDecoder, error) {
	d := &pngDecoder{r: r, crc: crc32.NewIEEE()}
	if _, err := io.ReadFull(r, d.buf[:len(pngMagic)]); err != nil {
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return nil, err
	}
	if string(d.buf[:len(pngMagic)]) != pngMagic {
		return nil, FormatError("not a PNG file")
	}
	return d, nil
}

// Decode reads a PNG image from r and returns it as an image.Image. The
// type of Image returned depends on the PNG contents.
func Decode(r io.Reader) (image.Image, error) {
	d, err := newPNGDecoder(r)
	if err != nil {
		return nil, err
	}
	for d.stage != stIEND {
		if err := d.readChunk(false); err != nil {
			if err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return nil, err
		}
	}
	return d.img, nil
}

// DecodeConfig returns the color model and dimensions of a PNG image
// without decoding the entire image.
func DecodeConfig(r io.Reader) (image.Config, error) {
	d, err := newPNGDecoder(r)
	if err != nil {
		return image.Config{}, err
	}
	for {
		if err := d.readChunk(true); err != nil {
			if err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return image.Config{}, err
		}
		if d.paletted() {
			if d.stage >= stTRNS {
				break
			}
		} else if d.stage >= stIHDR {
			break
		}
	}
	var cm color.Model
	switch d.colorType {
	case ctGray:
		if d.depth == 16 {
			cm = color.Gray16Model
		} else {
			cm = color.GrayModel
		}
	case ctRGB:
		if d.depth == 16 {
			cm = color.RGBA64Model
		} else {
			cm = color.RGBAModel
		}
	case ctPalette:
		cm = d.palette
	case ctGrayAlpha, ctRGBA:
		if d.depth == 16 {
			cm = color.NRGBA64Model
		} else {
			cm = color.NRGBAModel
		}
	}
	return image.Config{ColorModel: cm, Width: d.width, Height: d.height}, nil
}

func init() {
	image.RegisterFormat("png", pngMagic, Decode, DecodeConfig)
}
