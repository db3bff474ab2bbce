package gif

import (
	"bufio"
	"bytes"
	"compress/lzw"
	"errors"
	"image"
	"image/color"
	"image/color/palette"
	"image/draw"
	"io"
)

// Options are the encoding parameters.
type Options struct {
	// NumColors is the maximum number of colors used in the image. It
	// ranges from 1 to 256.
	NumColors int

	// Quantizer is used to produce a palette with size NumColors.
	// palette.Plan9 is used in place of a nil Quantizer.
	Quantizer draw.Quantizer

	// Drawer is used to convert the source image to the desired palette.
	// draw.FloydSteinberg is used in place of a nil Drawer.
	Drawer draw.Drawer
}

type gifWriter interface {
	io.Writer
	io.ByteWriter
	Flush() error
}

type gifEncoder struct {
	w        gifWriter
	err      error
	g        GIF
	globalN  int
	global   [3 * 256]byte
	local    [3 * 256]byte
	buf      [256]byte
}

func (e *gifEncoder) write(p []byte) {
	if e.err != nil {
		return
	}
	_, e.err = e.w.Write(p)
}

func (e *gifEncoder) writeByte(b byte) {
	if e.err != nil {
		return
	}
	e.err = e.w.WriteByte(b)
}

func putLE16(b []byte, v int) {
	b[0] = byte(v)
	b[1] = byte(v >> 8)
}

// tableBits gives n such that a table of 2^(n+1) entries holds size
// colors, or -1 when size is over 256.
func tableBits(size int) int {
	for n := 0; n < 8; n++ {
		if size <= 2<<uint(n) {
			return n
		}
	}
	return -1
}

func fillTable(dst []byte, p color.Palette, bits int) (int, error) {
	if uint(bits) >= 8 {
		return 0, errors.New("gif: cannot encode color table with more than 256 entries")
	}
	for i, c := range p {
		if c == nil {
			return 0, errors.New("gif: cannot encode color table with nil entries")
		}
		if rgba, ok := c.(color.RGBA); ok {
			dst[3*i], dst[3*i+1], dst[3*i+2] = rgba.R, rgba.G, rgba.B
		} else {
			r, g, b, _ := c.RGBA()
			dst[3*i], dst[3*i+1], dst[3*i+2] = uint8(r>>8), uint8(g>>8), uint8(b>>8)
		}
	}
	n := 2 << uint(bits)
	if n > len(p) {
		clear(dst[3*len(p) : 3*n])
	}
	return 3 * n, nil
}

func (e *gifEncoder) writeHeader() {
	if e.err != nil {
		return
	}
	if _, e.err = io.WriteString(e.w, "GIF89a"); e.err != nil {
		return
	}
	putLE16(e.buf[0:], e.g.Config.Width)
	putLE16(e.buf[2:], e.g.Config.Height)
	e.write(e.buf[:4])
	if p, ok := e.g.Config.ColorModel.(color.Palette); ok && len(p) > 0 {
		bits := tableBits(len(p))
		e.buf[0] = gifHasTable | uint8(bits)
		e.buf[1] = e.g.BackgroundIndex
		e.buf[2] = 0
		e.write(e.buf[:3])
		n, err := fillTable(e.global[:], p, bits)
		if err != nil {
			if e.err == nil {
				e.err = err
			}
			return
		}
		e.globalN = n
		e.write(e.global[:n])
	} else {
		e.buf[0], e.buf[1], e.buf[2] = 0, 0, 0
		e.write(e.buf[:3])
	}
	if len(e.g.Image) > 1 && e.g.LoopCount >= 0 {
		e.write([]byte{0x21, 0xff, 0x0b})
		if _, err := io.WriteString(e.w, "NETSCAPE2.0"); err != nil && e.err == nil {
			e.err = err
			return
		}
		e.buf[0], e.buf[1] = 3, 1
		putLE16(e.buf[2:], e.g.LoopCount)
		e.buf[4] = 0
		e.write(e.buf[:5])
	}
}

// sameTables reports whether the local table equals the global one, the
// transparent entry aside.
func (e *gifEncoder) sameTables(n, trans int) bool {
	size := 3 * n
	if trans >= 0 {
		t := 3 * trans
		return bytes.Equal(e.global[:t], e.local[:t]) && bytes.Equal(e.global[t+3:size], e.local[t+3:size])
	}
	return bytes.Equal(e.global[:size], e.local[:size])
}

// gifBlocks splits what is written to it into data sub-blocks.
type gifBlocks struct {
	e   *gifEncoder
	buf [256]byte
	n   int
}

func (b *gifBlocks) WriteByte(c byte) error {
	if b.e.err != nil {
		return b.e.err
	}
	b.buf[1+b.n] = c
	b.n++
	if b.n == 255 {
		b.flush()
	}
	return b.e.err
}

func (b *gifBlocks) Write(p []byte) (int, error) {
	for i, c := range p {
		if err := b.WriteByte(c); err != nil {
			return i, err
		}
	}
	return len(p), nil
}

func (b *gifBlocks) flush() {
	if b.n == 0 {
		return
	}
	b.buf[0] = byte(b.n)
	b.e.write(b.buf[:1+b.n])
	b.n = 0
}

// Flush is called by the LZW writer at its end; sub-blocks are flushed
// in close.
func (b *gifBlocks) Flush() error { return b.e.err }

func (b *gifBlocks) close() {
	b.flush()
	b.e.writeByte(0)
}

func (e *gifEncoder) writeFrame(pm *image.Paletted, delay int, disposal byte) {
	if e.err != nil {
		return
	}
	if len(pm.Palette) == 0 {
		e.err = errors.New("gif: cannot encode image block with empty palette")
		return
	}
	b := pm.Bounds()
	if b.Min.X < 0 || b.Max.X >= 1<<16 || b.Min.Y < 0 || b.Max.Y >= 1<<16 {
		e.err = errors.New("gif: image block is too large to encode")
		return
	}
	if !b.In(image.Rectangle{Max: image.Point{e.g.Config.Width, e.g.Config.Height}}) {
		e.err = errors.New("gif: image block is out of bounds")
		return
	}
	trans := -1
	for i, c := range pm.Palette {
		if c == nil {
			e.err = errors.New("gif: cannot encode color table with nil entries")
			return
		}
		if _, _, _, a := c.RGBA(); a == 0 {
			trans = i
			break
		}
	}
	if delay > 0 || disposal != 0 || trans != -1 {
		e.buf[0], e.buf[1], e.buf[2] = gifBlockExtension, gifExtControl, 4
		e.buf[3] = disposal << 2
		e.buf[6] = 0
		if trans != -1 {
			e.buf[3] |= 1
			e.buf[6] = uint8(trans)
		}
		putLE16(e.buf[4:], delay)
		e.buf[7] = 0
		e.write(e.buf[:8])
	}
	e.buf[0] = gifBlockImage
	putLE16(e.buf[1:], b.Min.X)
	putLE16(e.buf[3:], b.Min.Y)
	putLE16(e.buf[5:], b.Dx())
	putLE16(e.buf[7:], b.Dy())
	e.write(e.buf[:9])
	bits := tableBits(len(pm.Palette))
	if gp, ok := e.g.Config.ColorModel.(color.Palette); ok && len(pm.Palette) <= len(gp) && &gp[0] == &pm.Palette[0] {
		e.writeByte(0)
	} else {
		n, err := fillTable(e.local[:], pm.Palette, bits)
		if err != nil {
			if e.err == nil {
				e.err = err
			}
			return
		}
		if n <= e.globalN && e.sameTables(len(pm.Palette), trans) {
			e.writeByte(0)
		} else {
			e.writeByte(gifHasTable | uint8(bits))
			e.write(e.local[:n])
		}
	}
	lw := max(bits+1, 2)
	e.writeByte(uint8(lw))
	blocks := &gifBlocks{e: e}
	lz := lzw.NewWriter(blocks, lzw.LSB, lw)
	dx := b.Dx()
	if dx == pm.Stride {
		_, e.err = lz.Write(pm.Pix[:dx*b.Dy()])
	} else {
		for i, y := 0, b.Min.Y; y < b.Max.Y && e.err == nil; i, y = i+pm.Stride, y+1 {
			_, e.err = lz.Write(pm.Pix[i : i+dx])
		}
	}
	if e.err != nil {
		lz.Close()
		return
	}
	lz.Close()
	blocks.close()
}

// EncodeAll writes the images in g to w in GIF format with the given loop
// count and delay between frames.
func EncodeAll(w io.Writer, g *GIF) error {
	if len(g.Image) == 0 {
		return errors.New("gif: must provide at least one image")
	}
	if len(g.Image) != len(g.Delay) {
		return errors.New("gif: mismatched image and delay lengths")
	}
	e := gifEncoder{g: *g}
	if e.g.Disposal != nil && len(e.g.Image) != len(e.g.Disposal) {
		return errors.New("gif: mismatched image and disposal lengths")
	}
	if e.g.Config == (image.Config{}) {
		p := g.Image[0].Bounds().Max
		e.g.Config.Width = p.X
		e.g.Config.Height = p.Y
	} else if e.g.Config.ColorModel != nil {
		if _, ok := e.g.Config.ColorModel.(color.Palette); !ok {
			return errors.New("gif: GIF color model must be a color.Palette")
		}
	}
	if ww, ok := w.(gifWriter); ok {
		e.w = ww
	} else {
		e.w = bufio.NewWriter(w)
	}
	e.writeHeader()
	for i, pm := range g.Image {
		var disposal byte
		if g.Disposal != nil {
			disposal = g.Disposal[i]
		}
		e.writeFrame(pm, g.Delay[i], disposal)
	}
	e.writeByte(gifBlockTrailer)
	if e.err == nil {
		e.err = e.w.Flush()
	}
	return e.err
}

// Encode writes the Image m to w in GIF format.
func Encode(w io.Writer, m image.Image, o *Options) error {
	b := m.Bounds()
	if b.Dx() >= 1<<16 || b.Dy() >= 1<<16 {
		return errors.New("gif: image is too large to encode")
	}
	opts := Options{}
	if o != nil {
		opts = *o
	}
	if opts.NumColors < 1 || opts.NumColors > 256 {
		opts.NumColors = 256
	}
	if opts.Drawer == nil {
		opts.Drawer = draw.FloydSteinberg
	}
	pm, _ := m.(*image.Paletted)
	if pm == nil {
		if cp, ok := m.ColorModel().(color.Palette); ok {
			pm = image.NewPaletted(b, cp)
			for y := b.Min.Y; y < b.Max.Y; y++ {
				for x := b.Min.X; x < b.Max.X; x++ {
					pm.Set(x, y, cp.Convert(m.At(x, y)))
				}
			}
		}
	}
	if pm == nil || len(pm.Palette) > opts.NumColors {
		pm = image.NewPaletted(b, palette.Plan9[:opts.NumColors])
		if opts.Quantizer != nil {
			pm.Palette = opts.Quantizer.Quantize(make(color.Palette, 0, opts.NumColors), m)
		}
		opts.Drawer.Draw(pm, b, m, b.Min)
	}
	if pm.Rect.Min != (image.Point{}) {
		dup := *pm
		dup.Rect = dup.Rect.Sub(dup.Rect.Min)
		pm = &dup
	}
	return EncodeAll(w, &GIF{
		Image: []*image.Paletted{pm},
		Delay: []int{0},
		Config: image.Config{
			ColorModel: pm.Palette,
			Width:      b.Dx(),
			Height:     b.Dy(),
		},
	})
}
