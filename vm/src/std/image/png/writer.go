package png

import (
	"bufio"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"io"
	"strconv"
)

// CompressionLevel indicates the compression level.
type CompressionLevel int

const (
	DefaultCompression CompressionLevel = 0
	NoCompression      CompressionLevel = -1
	BestSpeed          CompressionLevel = -2
	BestCompression    CompressionLevel = -3
)

// Encoder configures encoding PNG images.
type Encoder struct {
	CompressionLevel CompressionLevel

	// BufferPool optionally specifies a buffer pool to get temporary
	// EncoderBuffers when encoding an image.
	BufferPool EncoderBufferPool
}

// EncoderBufferPool is an interface for getting and returning temporary
// instances of the EncoderBuffer struct.
type EncoderBufferPool interface {
	Get() *EncoderBuffer
	Put(*EncoderBuffer)
}

// EncoderBuffer holds the buffers used for encoding PNG images.
type EncoderBuffer pngEncoder

type pngEncoder struct {
	w      io.Writer
	err    error
	header [8]byte
	rows   [5][]byte
	prev   []byte
}

func (e *pngEncoder) chunk(b []byte, name string) {
	if e.err != nil {
		return
	}
	n := uint32(len(b))
	if int(n) != len(b) {
		e.err = UnsupportedError(name + " chunk is too large: " + strconv.Itoa(len(b)))
		return
	}
	binary.BigEndian.PutUint32(e.header[:4], n)
	copy(e.header[4:], name)
	crc := crc32.NewIEEE()
	crc.Write(e.header[4:8])
	crc.Write(b)
	var foot [4]byte
	binary.BigEndian.PutUint32(foot[:], crc.Sum32())
	if _, e.err = e.w.Write(e.header[:8]); e.err != nil {
		return
	}
	if _, e.err = e.w.Write(b); e.err != nil {
		return
	}
	_, e.err = e.w.Write(foot[:])
}

// Write implements io.Writer for the IDAT stream: each call is one chunk.
func (e *pngEncoder) Write(b []byte) (int, error) {
	e.chunk(b, "IDAT")
	if e.err != nil {
		return 0, e.err
	}
	return len(b), nil
}

// imageOpaque reports whether every pixel of m is fully opaque.
func imageOpaque(m image.Image) bool {
	if o, ok := m.(interface{ Opaque() bool }); ok {
		return o.Opaque()
	}
	b := m.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if _, _, _, a := m.At(x, y).RGBA(); a != 0xffff {
				return false
			}
		}
	}
	return true
}

// filterRow writes the sub, up, average and Paeth filterings of row cur
// (given the previous row) and returns the filter, 0 to 4, whose output
// has the smallest sum of absolute values. (Native: the hot loop.)
func filterRow(cur, prev []byte, bpp int, sub, up, avg, paeth []byte) int

func zlibLevel(l CompressionLevel) int {
	switch l {
	case NoCompression:
		return zlib.NoCompression
	case BestSpeed:
		return zlib.BestSpeed
	case BestCompression:
		return zlib.BestCompression
	}
	return zlib.DefaultCompression
}

// Encode writes the Image m to w in PNG format. Any Image may be encoded,
// but images that are not image.NRGBA might be encoded lossily.
func Encode(w io.Writer, m image.Image) error {
	var e Encoder
	return e.Encode(w, m)
}

// Encode writes the Image m to w in PNG format.
func (enc *Encoder) Encode(w io.Writer, m image.Image) error {
	b := m.Bounds()
	mw, mh := int64(b.Dx()), int64(b.Dy())
	if mw <= 0 || mh <= 0 || mw >= 1<<32 || mh >= 1<<32 {
		return FormatError("invalid image size: " + strconv.FormatInt(mw, 10) + "x" + strconv.FormatInt(mh, 10))
	}
	var e *pngEncoder
	if enc.BufferPool != nil {
		e = (*pngEncoder)(enc.BufferPool.Get())
	}
	if e == nil {
		e = &pngEncoder{}
	}
	if enc.BufferPool != nil {
		defer enc.BufferPool.Put((*EncoderBuffer)(e))
	}
	e.w, e.err = w, nil

	var pal color.Palette
	if _, ok := m.(image.PalettedImage); ok {
		pal, _ = m.ColorModel().(color.Palette)
	}
	// depth is the bit depth, ct the PNG color type, bits the bits per pixel.
	depth, ct := 8, ctRGB
	if pal != nil {
		ct = ctPalette
		switch {
		case len(pal) <= 2:
			depth = 1
		case len(pal) <= 4:
			depth = 2
		case len(pal) <= 16:
			depth = 4
		}
	} else {
		switch m.ColorModel() {
		case color.GrayModel:
			ct = ctGray
		case color.Gray16Model:
			ct, depth = ctGray, 16
		case color.RGBAModel, color.NRGBAModel, color.AlphaModel:
			if !imageOpaque(m) {
				ct = ctRGBA
			}
		default:
			depth = 16
			if !imageOpaque(m) {
				ct = ctRGBA
			}
		}
	}

	if _, e.err = io.WriteString(w, pngMagic); e.err != nil {
		return e.err
	}
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:4], uint32(mw))
	binary.BigEndian.PutUint32(ihdr[4:8], uint32(mh))
	ihdr[8], ihdr[9] = byte(depth), byte(ct)
	e.chunk(ihdr[:], "IHDR")
	if pal != nil {
		e.writePalette(pal)
	}
	if e.err == nil {
		e.writePixels(m, ct, depth, zlibLevel(enc.CompressionLevel))
	}
	e.chunk(nil, "IEND")
	return e.err
}

func (e *pngEncoder) writePalette(p color.Palette) {
	if len(p) < 1 || len(p) > 256 {
		e.err = FormatError("bad palette length: " + strconv.Itoa(len(p)))
		return
	}
	plte := make([]byte, 3*len(p))
	alpha := make([]byte, len(p))
	last := -1
	for i, c := range p {
		n := color.NRGBAModel.Convert(c).(color.NRGBA)
		plte[3*i], plte[3*i+1], plte[3*i+2] = n.R, n.G, n.B
		alpha[i] = n.A
		if n.A != 0xff {
			last = i
		}
	}
	e.chunk(plte, "PLTE")
	if last >= 0 {
		e.chunk(alpha[:last+1], "tRNS")
	}
}

func (e *pngEncoder) writePixels(m image.Image, ct, depth, level int) {
	bw := bufio.NewWriterSize(e, 1<<15)
	zw, err := zlib.NewWriterLevel(bw, level)
	if err != nil {
		e.err = err
		return
	}
	bits := depth
	switch ct {
	case ctRGB:
		bits = 3 * depth
	case ctRGBA:
		bits = 4 * depth
	}
	b := m.Bounds()
	size := 1 + (bits*b.Dx()+7)/8
	for i := range e.rows {
		if cap(e.rows[i]) < size {
			e.rows[i] = make([]byte, size)
		}
		e.rows[i] = e.rows[i][:size]
		e.rows[i][0] = byte(i)
	}
	if cap(e.prev) < size {
		e.prev = make([]byte, size)
	}
	e.prev = e.prev[:size]
	clear(e.prev)
	gray, _ := m.(*image.Gray)
	rgba, _ := m.(*image.RGBA)
	nrgba, _ := m.(*image.NRGBA)
	pm, _ := m.(*image.Paletted)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := e.rows[0][1:]
		switch {
		case ct == ctGray && depth == 8:
			if gray != nil {
				o := gray.PixOffset(b.Min.X, y)
				copy(row, gray.Pix[o:o+b.Dx()])
			} else {
				for x := b.Min.X; x < b.Max.X; x++ {
					row[x-b.Min.X] = color.GrayModel.Convert(m.At(x, y)).(color.Gray).Y
				}
			}
		case ct == ctGray:
			for x := b.Min.X; x < b.Max.X; x++ {
				v := color.Gray16Model.Convert(m.At(x, y)).(color.Gray16).Y
				i := 2 * (x - b.Min.X)
				row[i], row[i+1] = byte(v>>8), byte(v)
			}
		case ct == ctPalette && depth == 8:
			if pm != nil {
				o := pm.PixOffset(b.Min.X, y)
				copy(row, pm.Pix[o:o+b.Dx()])
			} else {
				pi := m.(image.PalettedImage)
				for x := b.Min.X; x < b.Max.X; x++ {
					row[x-b.Min.X] = pi.ColorIndexAt(x, y)
				}
			}
		case ct == ctPalette:
			pi := m.(image.PalettedImage)
			clear(row)
			for x := b.Min.X; x < b.Max.X; x++ {
				bit := (x - b.Min.X) * depth
				row[bit/8] |= pi.ColorIndexAt(x, y) << uint(8-depth-bit%8)
			}
		case ct == ctRGB && depth == 8:
			var pix []byte
			o := 0
			if rgba != nil {
				pix, o = rgba.Pix, rgba.PixOffset(b.Min.X, y)
			} else if nrgba != nil {
				pix, o = nrgba.Pix, nrgba.PixOffset(b.Min.X, y)
			}
			for x := 0; x < b.Dx(); x++ {
				if pix != nil {
					row[3*x], row[3*x+1], row[3*x+2] = pix[o], pix[o+1], pix[o+2]
					o += 4
				} else {
					r, g, bl, _ := m.At(b.Min.X+x, y).RGBA()
					row[3*x], row[3*x+1], row[3*x+2] = byte(r>>8), byte(g>>8), byte(bl>>8)
				}
			}
		case ct == ctRGBA && depth == 8:
			if nrgba != nil {
				o := nrgba.PixOffset(b.Min.X, y)
				copy(row, nrgba.Pix[o:o+4*b.Dx()])
			} else {
				for x := b.Min.X; x < b.Max.X; x++ {
					c := color.NRGBAModel.Convert(m.At(x, y)).(color.NRGBA)
					i := 4 * (x - b.Min.X)
					row[i], row[i+1], row[i+2], row[i+3] = c.R, c.G, c.B, c.A
				}
			}
		case ct == ctRGB:
			for x := b.Min.X; x < b.Max.X; x++ {
				r, g, bl, _ := m.At(x, y).RGBA()
				i := 6 * (x - b.Min.X)
				row[i], row[i+1], row[i+2], row[i+3] = byte(r>>8), byte(r), byte(g>>8), byte(g)
				row[i+4], row[i+5] = byte(bl>>8), byte(bl)
			}
		default:
			for x := b.Min.X; x < b.Max.X; x++ {
				c := color.NRGBA64Model.Convert(m.At(x, y)).(color.NRGBA64)
				i := 8 * (x - b.Min.X)
				row[i], row[i+1], row[i+2], row[i+3] = byte(c.R>>8), byte(c.R), byte(c.G>>8), byte(c.G)
				row[i+4], row[i+5], row[i+6], row[i+7] = byte(c.B>>8), byte(c.B), byte(c.A>>8), byte(c.A)
			}
		}
		f := 0
		if level != zlib.NoCompression && ct != ctPalette {
			r := &e.rows
			f = filterRow(r[0][1:], e.prev[1:], max(bits/8, 1), r[1][1:], r[2][1:], r[3][1:], r[4][1:])
		}
		if _, err := zw.Write(e.rows[f]); err != nil {
			e.err = err
			return
		}
		e.prev, e.rows[0] = e.rows[0], e.prev
		e.rows[0][0] = 0
	}
	if err := zw.Close(); err != nil {
		e.err = err
		return
	}
	if err := bw.Flush(); err != nil && e.err == nil {
		e.err = err
	}
}
