// Package gif implements a GIF image decoder and encoder.
package gif

import (
	"bufio"
	"compress/lzw"
	"errors"
	"fmt"
	"image"
	"image/color"
	"io"
)

var (
	errNotEnough = errors.New("gif: not enough image data")
	errTooMuch   = errors.New("gif: too much image data")
	errBadPixel  = errors.New("gif: invalid pixel value")
)

// Disposal methods.
const (
	DisposalNone       = 0x01
	DisposalBackground = 0x02
	DisposalPrevious   = 0x03
)

const (
	gifHasTable  = 1 << 7
	gifInterlace = 1 << 6
	gifTableBits = 7

	gifBlockExtension = 0x21
	gifBlockImage     = 0x2C
	gifBlockTrailer   = 0x3B

	gifExtText    = 0x01
	gifExtControl = 0xF9
	gifExtComment = 0xFE
	gifExtApp     = 0xFF
)

type gifByteReader interface {
	io.Reader
	io.ByteReader
}

func gifReadFull(r io.Reader, b []byte) error {
	_, err := io.ReadFull(r, b)
	if err == io.EOF {
		err = io.ErrUnexpectedEOF
	}
	return err
}

func gifReadByte(r io.ByteReader) (byte, error) {
	b, err := r.ReadByte()
	if err == io.EOF {
		err = io.ErrUnexpectedEOF
	}
	return b, err
}

type gifDecoder struct {
	r          gifByteReader
	width      int
	height     int
	loopCount  int
	delay      int
	background byte
	disposal   byte
	fields     byte
	transIdx   byte
	hasTrans   bool
	global     color.Palette
	delays     []int
	disposals  []byte
	frames     []*image.Paletted
	buf        [1024]byte
}

// subBlocks reads the data sub-blocks of an image as one stream.
type subBlocks struct {
	d    *gifDecoder
	data []byte
	err  error
}

func (b *subBlocks) next() {
	if b.err != nil {
		return
	}
	var n byte
	n, b.err = gifReadByte(b.d.r)
	if b.err != nil {
		return
	}
	if n == 0 {
		b.err = io.EOF
		return
	}
	b.data = b.d.buf[:n]
	if b.err = gifReadFull(b.d.r, b.data); b.err != nil {
		b.data = nil
	}
}

func (b *subBlocks) ReadByte() (byte, error) {
	if len(b.data) == 0 {
		b.next()
		if b.err != nil {
			return 0, b.err
		}
	}
	c := b.data[0]
	b.data = b.data[1:]
	return c, nil
}

func (b *subBlocks) Read(p []byte) (int, error) {
	if len(p) == 0 || b.err != nil {
		return 0, b.err
	}
	if len(b.data) == 0 {
		b.next()
		if b.err != nil {
			return 0, b.err
		}
	}
	n := copy(p, b.data)
	b.data = b.data[n:]
	return n, nil
}

// finish checks that the image data ends here: at most one more block of
// one byte (some encoders pad with it) before the terminator.
func (b *subBlocks) finish() error {
	if b.err == io.EOF {
		return nil
	} else if b.err != nil {
		return b.err
	}
	if len(b.data) == 0 {
		b.next()
		if b.err == io.EOF {
			return nil
		} else if b.err != nil {
			return b.err
		} else if len(b.data) > 1 {
			return errTooMuch
		}
	}
	b.next()
	if b.err == io.EOF {
		return nil
	} else if b.err != nil {
		return b.err
	}
	return errTooMuch
}

func (d *gifDecoder) decode(r io.Reader, configOnly, all bool) error {
	if rr, ok := r.(gifByteReader); ok {
		d.r = rr
	} else {
		d.r = bufio.NewReader(r)
	}
	d.loopCount = -1
	if err := d.readHeader(); err != nil {
		return err
	}
	if configOnly {
		return nil
	}
	for {
		c, err := gifReadByte(d.r)
		if err != nil {
			return fmt.Errorf("gif: reading frames: %v", err)
		}
		switch c {
		case gifBlockExtension:
			if err := d.readExtension(); err != nil {
				return err
			}
		case gifBlockImage:
			if err := d.readImage(all); err != nil {
				return err
			}
			if !all && len(d.frames) == 1 {
				return nil
			}
		case gifBlockTrailer:
			if len(d.frames) == 0 {
				return fmt.Errorf("gif: missing image data")
			}
			return nil
		default:
			return fmt.Errorf("gif: unknown block type: 0x%.2x", c)
		}
	}
}

func (d *gifDecoder) readHeader() error {
	b := d.buf[:13]
	if err := gifReadFull(d.r, b); err != nil {
		return fmt.Errorf("gif: reading header: %v", err)
	}
	vers := string(b[:6])
	if vers != "GIF87a" && vers != "GIF89a" {
		return fmt.Errorf("gif: can't recognize format %q", vers)
	}
	d.width = int(b[6]) | int(b[7])<<8
	d.height = int(b[8]) | int(b[9])<<8
	if fields := b[10]; fields&gifHasTable != 0 {
		d.background = b[11]
		p, err := d.readTable(fields)
		if err != nil {
			return err
		}
		d.global = p
	}
	return nil
}

func (d *gifDecoder) readTable(fields byte) (color.Palette, error) {
	n := 1 << (1 + uint(fields&gifTableBits))
	if err := gifReadFull(d.r, d.buf[:3*n]); err != nil {
		return nil, fmt.Errorf("gif: reading color table: %s", err)
	}
	p := make(color.Palette, n)
	for i := range p {
		p[i] = color.RGBA{d.buf[3*i], d.buf[3*i+1], d.buf[3*i+2], 0xff}
	}
	return p, nil
}

// readSub reads one data sub-block into d.buf, returning its size (0 at
// the terminator).
func (d *gifDecoder) readSub() (int, error) {
	n, err := gifReadByte(d.r)
	if n == 0 || err != nil {
		return 0, err
	}
	if err := gifReadFull(d.r, d.buf[:n]); err != nil {
		return 0, err
	}
	return int(n), nil
}

func (d *gifDecoder) readExtension() error {
	ext, err := gifReadByte(d.r)
	if err != nil {
		return fmt.Errorf("gif: reading extension: %v", err)
	}
	size := 0
	switch ext {
	case gifExtText:
		size = 13
	case gifExtControl:
		return d.readControl()
	case gifExtComment:
	case gifExtApp:
		b, err := gifReadByte(d.r)
		if err != nil {
			return fmt.Errorf("gif: reading extension: %v", err)
		}
		size = int(b)
	default:
		return fmt.Errorf("gif: unknown extension 0x%.2x", ext)
	}
	if size > 0 {
		if err := gifReadFull(d.r, d.buf[:size]); err != nil {
			return fmt.Errorf("gif: reading extension: %v", err)
		}
	}
	if ext == gifExtApp && string(d.buf[:size]) == "NETSCAPE2.0" {
		n, err := d.readSub()
		if err != nil {
			return fmt.Errorf("gif: reading extension: %v", err)
		}
		if n == 0 {
			return nil
		}
		if n == 3 && d.buf[0] == 1 {
			d.loopCount = int(d.buf[1]) | int(d.buf[2])<<8
		}
	}
	for {
		n, err := d.readSub()
		if err != nil {
			return fmt.Errorf("gif: reading extension: %v", err)
		}
		if n == 0 {
			return nil
		}
	}
}

func (d *gifDecoder) readControl() error {
	b := d.buf[:6]
	if err := gifReadFull(d.r, b); err != nil {
		return fmt.Errorf("gif: can't read graphic control: %s", err)
	}
	if b[0] != 4 {
		return fmt.Errorf("gif: invalid graphic control extension block size: %d", b[0])
	}
	d.disposal = (b[1] >> 2) & 7
	d.delay = int(b[2]) | int(b[3])<<8
	if b[1]&1 != 0 {
		d.transIdx = b[4]
		d.hasTrans = true
	}
	if b[5] != 0 {
		return fmt.Errorf("gif: invalid graphic control extension block terminator: %d", b[5])
	}
	return nil
}

func (d *gifDecoder) readImage(all bool) error {
	b := d.buf[:9]
	if err := gifReadFull(d.r, b); err != nil {
		return fmt.Errorf("gif: can't read image descriptor: %s", err)
	}
	left := int(b[0]) | int(b[1])<<8
	top := int(b[2]) | int(b[3])<<8
	w := int(b[4]) | int(b[5])<<8
	h := int(b[6]) | int(b[7])<<8
	d.fields = b[8]
	if left+w > d.width || top+h > d.height {
		return errors.New("gif: frame bounds larger than image bounds")
	}
	m := image.NewPaletted(image.Rect(left, top, left+w, top+h), nil)
	local := d.fields&gifHasTable != 0
	if local {
		p, err := d.readTable(d.fields)
		if err != nil {
			return err
		}
		m.Palette = p
	} else {
		if d.global == nil {
			return errors.New("gif: no color table")
		}
		m.Palette = d.global
	}
	if d.hasTrans {
		if !local {
			m.Palette = append(color.Palette(nil), d.global...)
		}
		ti := int(d.transIdx)
		if ti >= len(m.Palette) {
			p := make(color.Palette, ti+1)
			copy(p, m.Palette)
			for i := len(m.Palette); i < len(p); i++ {
				p[i] = color.RGBA{}
			}
			m.Palette = p
		}
		m.Palette[ti] = color.RGBA{}
	}
	lw, err := gifReadByte(d.r)
	if err != nil {
		return fmt.Errorf("gif: reading image data: %v", err)
	}
	if lw < 2 || lw > 8 {
		return fmt.Errorf("gif: pixel size in decode out of range: %d", lw)
	}
	blocks := &subBlocks{d: d}
	lr := lzw.NewReader(blocks, lzw.LSB, int(lw))
	defer lr.Close()
	if err := gifReadFull(lr, m.Pix); err != nil {
		if err != io.ErrUnexpectedEOF {
			return fmt.Errorf("gif: reading image data: %v", err)
		}
		return errNotEnough
	}
	var one [1]byte
	if n, err := lr.Read(one[:]); n != 0 || (err != io.EOF && err != io.ErrUnexpectedEOF) {
		if err != nil {
			return fmt.Errorf("gif: reading image data: %v", err)
		}
		return errTooMuch
	}
	if err := blocks.finish(); err == errTooMuch {
		return errTooMuch
	} else if err != nil {
		return fmt.Errorf("gif: reading image data: %v", err)
	}
	if len(m.Palette) < 256 {
		for _, px := range m.Pix {
			if int(px) >= len(m.Palette) {
				return errBadPixel
			}
		}
	}
	if d.fields&gifInterlace != 0 {
		deinterlace(m)
	}
	if all || len(d.frames) == 0 {
		d.frames = append(d.frames, m)
		d.delays = append(d.delays, d.delay)
		d.disposals = append(d.disposals, d.disposal)
	}
	d.delay = 0
	d.hasTrans = false
	return nil
}

// deinterlace reorders the rows of an interlaced frame: rows 0, 8, 16...,
// then 4, 12..., then 2, 6..., then 1, 3....
func deinterlace(m *image.Paletted) {
	w, h := m.Rect.Dx(), m.Rect.Dy()
	out := make([]uint8, w*h)
	src := 0
	for _, p := range [4][2]int{{0, 8}, {4, 8}, {2, 4}, {1, 2}} {
		for y := p[0]; y < h; y += p[1] {
			copy(out[y*w:(y+1)*w], m.Pix[src:src+w])
			src += w
		}
	}
	m.Pix = out
}

// Decode reads a GIF image from r and returns the first embedded image as
// an image.Image.
func Decode(r io.Reader) (image.Image, error) {
	var d gifDecoder
	if err := d.decode(r, false, false); err != nil {
		return nil, err
	}
	return d.frames[0], nil
}

// GIF represents the possibly multiple images stored in a GIF file.
type GIF struct {
	Image           []*image.Paletted
	Delay           []int
	LoopCount       int
	Disposal        []byte
	Config          image.Config
	BackgroundIndex byte
}

// DecodeAll reads a GIF image from r and returns the sequential frames and
// timing information.
func DecodeAll(r io.Reader) (*GIF, error) {
	var d gifDecoder
	if err := d.decode(r, false, true); err != nil {
		return nil, err
	}
	return &GIF{
		Image:     d.frames,
		LoopCount: d.loopCount,
		Delay:     d.delays,
		Disposal:  d.disposals,
		Config: image.Config{
			ColorModel: d.global,
			Width:      d.width,
			Height:     d.height,
		},
		BackgroundIndex: d.background,
	}, nil
}

// DecodeConfig returns the global color model and dimensions of a GIF
// image without decoding the entire image.
func DecodeConfig(r io.Reader) (image.Config, error) {
	var d gifDecoder
	if err := d.decode(r, true, false); err != nil {
		return image.Config{}, err
	}
	return image.Config{ColorModel: d.global, Width: d.width, Height: d.height}, nil
}

func init() {
	image.RegisterFormat("gif", "GIF8?a", Decode, DecodeConfig)
}
