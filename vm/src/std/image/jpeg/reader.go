// Package jpeg implements a JPEG image decoder and encoder.
//
// JPEG is defined in ITU-T T.81: https://www.w3.org/Graphics/JPEG/itu-t81.pdf.
package jpeg

import (
	"image"
	"image/color"
	"io"
)

// A FormatError reports that the input is not a valid JPEG.
type FormatError string

func (e FormatError) Error() string { return "invalid JPEG format: " + string(e) }

// An UnsupportedError reports that the input uses a valid but unimplemented JPEG feature.
type UnsupportedError string

func (e UnsupportedError) Error() string { return "unsupported JPEG feature: " + string(e) }

// Deprecated: Reader is not used by the image/jpeg package and should
// not be used by others. It is kept for compatibility.
type Reader interface {
	io.ByteReader
	io.Reader
}

var jpegErrRatio = UnsupportedError("luma/chroma subsampling ratio")

// Marker codes (ITU-T T.81 table B.1).
const (
	mkSOF0  = 0xc0
	mkSOF1  = 0xc1
	mkSOF2  = 0xc2
	mkDHT   = 0xc4
	mkRST0  = 0xd0
	mkRST7  = 0xd7
	mkSOI   = 0xd8
	mkEOI   = 0xd9
	mkSOS   = 0xda
	mkDQT   = 0xdb
	mkDRI   = 0xdd
	mkCOM   = 0xfe
	mkAPP0  = 0xe0
	mkAPP14 = 0xee
	mkAPP15 = 0xef
)

// zigzag[k] is the natural (row-major) index of the k-th coefficient in
// zig-zag order.
var zigzag = [64]int{
	0, 1, 8, 16, 9, 2, 3, 10,
	17, 24, 32, 25, 18, 11, 4, 5,
	12, 19, 26, 33, 40, 48, 41, 34,
	27, 20, 13, 6, 7, 14, 21, 28,
	35, 42, 49, 56, 57, 50, 43, 36,
	29, 22, 15, 23, 30, 37, 44, 51,
	58, 59, 52, 45, 38, 31, 39, 46,
	53, 60, 61, 54, 47, 55, 62, 63,
}

// frameComp is one component of the frame header.
type frameComp struct {
	id     uint8
	h, v   int
	tq     uint8
	xh, xv int // expansion factors when the layout needs replicating
}

type jpegDecoder struct {
	src io.Reader
	// input buffer; the two bytes before pos stay readable across refills
	buf    [4096]byte
	pos    int
	end    int
	unread int // bytes the last stuffed-byte read consumed (0, 1 or 2)

	// bit accumulator
	acc   uint32
	mask  uint32
	nbits int32

	width, height int
	nComp         int
	comps         [4]frameComp
	maxH, maxV    int
	baseline      bool
	progressive   bool
	expand        bool
	restart       int
	jfif          bool
	adobe         bool
	adobeXform    uint8
	eobRun        uint16

	gray      *image.Gray
	ycc       *image.YCbCr
	black     []byte
	blackStep int

	coeffs [4][]int32 // progressive: all coefficients of each component
	tables [2][4]huffTable
	quant  [4][64]int32 // zig-zag order
	tmp    [128]byte
}

func (d *jpegDecoder) refill() error {
	if d.pos != d.end {
		panic("jpeg: fill called when unread bytes exist")
	}
	if d.end > 2 {
		d.buf[0] = d.buf[d.end-2]
		d.buf[1] = d.buf[d.end-1]
		d.pos = 2
		d.end = 2
	}
	n, err := d.src.Read(d.buf[d.end:])
	d.end += n
	if n > 0 {
		return nil
	}
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}

// giveBack returns the bytes of the last stuffed-byte read to the buffer,
// dropping their 8 bits from the accumulator.
func (d *jpegDecoder) giveBack() {
	d.pos -= d.unread
	d.unread = 0
	if d.nbits >= 8 {
		d.acc >>= 8
		d.nbits -= 8
		d.mask >>= 8
	}
}

func (d *jpegDecoder) byte1() (byte, error) {
	for d.pos == d.end {
		if err := d.refill(); err != nil {
			return 0, err
		}
	}
	c := d.buf[d.pos]
	d.pos++
	d.unread = 0
	return c, nil
}

var errNoFF00 = FormatError("missing 0xff00 sequence")

// stuffedByte reads one byte of entropy-coded data, where 0xff is followed
// by a 0x00 stuffing byte.
func (d *jpegDecoder) stuffedByte() (byte, error) {
	if d.pos+2 <= d.end {
		c := d.buf[d.pos]
		d.pos++
		d.unread = 1
		if c != 0xff {
			return c, nil
		}
		if d.buf[d.pos] != 0 {
			return 0, errNoFF00
		}
		d.pos++
		d.unread = 2
		return 0xff, nil
	}
	d.unread = 0
	c, err := d.byte1()
	if err != nil {
		return 0, err
	}
	d.unread = 1
	if c != 0xff {
		return c, nil
	}
	c, err = d.byte1()
	if err != nil {
		return 0, err
	}
	d.unread = 2
	if c != 0 {
		return 0, errNoFF00
	}
	return 0xff, nil
}

func (d *jpegDecoder) dropPending() {
	if d.unread != 0 {
		if d.nbits >= 8 {
			d.giveBack()
		}
		d.unread = 0
	}
}

func (d *jpegDecoder) readAll(p []byte) error {
	d.dropPending()
	for {
		k := copy(p, d.buf[d.pos:d.end])
		p = p[k:]
		d.pos += k
		if len(p) == 0 {
			return nil
		}
		if err := d.refill(); err != nil {
			return err
		}
	}
}

func (d *jpegDecoder) skip(n int) error {
	d.dropPending()
	for {
		k := d.end - d.pos
		if k > n {
			k = n
		}
		d.pos += k
		n -= k
		if n == 0 {
			return nil
		}
		if err := d.refill(); err != nil {
			return err
		}
	}
}

func (d *jpegDecoder) readSOF(n int) error {
	if d.nComp != 0 {
		return FormatError("multiple SOF markers")
	}
	switch n {
	case 9:
		d.nComp = 1
	case 15:
		d.nComp = 3
	case 18:
		d.nComp = 4
	default:
		return UnsupportedError("number of components")
	}
	t := d.tmp[:n]
	if err := d.readAll(t); err != nil {
		return err
	}
	if t[0] != 8 {
		return UnsupportedError("precision")
	}
	d.height = int(t[1])<<8 | int(t[2])
	d.width = int(t[3])<<8 | int(t[4])
	if int(t[5]) != d.nComp {
		return FormatError("SOF has wrong length")
	}
	for i := 0; i < d.nComp; i++ {
		c := &d.comps[i]
		c.id = t[6+3*i]
		for k := 0; k < i; k++ {
			if d.comps[k].id == c.id {
				return FormatError("repeated component identifier")
			}
		}
		c.tq = t[8+3*i]
		if c.tq > 3 {
			return FormatError("bad Tq value")
		}
		hv := t[7+3*i]
		h, v := int(hv>>4), int(hv&15)
		if h < 1 || h > 4 || v < 1 || v > 4 {
			return FormatError("luma/chroma subsampling ratio")
		}
		if h == 3 || v == 3 {
			return jpegErrRatio
		}
		if d.nComp == 1 {
			// A single component is never subsampled, whatever it says.
			h, v = 1, 1
		} else if d.nComp == 4 {
			ok := true
			switch i {
			case 0:
				ok = hv == 0x11 || hv == 0x22
			case 1, 2:
				ok = hv == 0x11
			case 3:
				ok = d.comps[0].h == h && d.comps[0].v == v
			}
			if !ok {
				return jpegErrRatio
			}
		}
		if h > d.maxH {
			d.maxH = h
		}
		if v > d.maxV {
			d.maxV = v
		}
		c.h, c.v = h, v
	}
	if d.nComp == 3 {
		for i := 0; i < 3; i++ {
			if d.maxH%d.comps[i].h != 0 || d.maxV%d.comps[i].v != 0 {
				return jpegErrRatio
			}
		}
	}
	for i := 0; i < d.nComp; i++ {
		d.comps[i].xh = d.maxH / d.comps[i].h
		d.comps[i].xv = d.maxV / d.comps[i].v
	}
	return nil
}

func (d *jpegDecoder) readDQT(n int) error {
	for n > 0 {
		n--
		pq, err := d.byte1()
		if err != nil {
			return err
		}
		tq := pq & 15
		if tq > 3 {
			return FormatError("bad Tq value")
		}
		q := &d.quant[tq]
		if pq>>4 == 0 {
			if n < 64 {
				break
			}
			n -= 64
			if err := d.readAll(d.tmp[:64]); err != nil {
				return err
			}
			for i := 0; i < 64; i++ {
				q[i] = int32(d.tmp[i])
			}
		} else if pq>>4 == 1 {
			if n < 128 {
				break
			}
			n -= 128
			if err := d.readAll(d.tmp[:128]); err != nil {
				return err
			}
			for i := 0; i < 64; i++ {
				q[i] = int32(d.tmp[2*i])<<8 | int32(d.tmp[2*i+1])
			}
		} else {
			return FormatError("bad Pq value")
		}
	}
	if n != 0 {
		return FormatError("DQT has wrong length")
	}
	return nil
}

func (d *jpegDecoder) readDRI(n int) error {
	if n != 2 {
		return FormatError("DRI has wrong length")
	}
	if err := d.readAll(d.tmp[:2]); err != nil {
		return err
	}
	d.restart = int(d.tmp[0])<<8 | int(d.tmp[1])
	return nil
}

// readApp reads the first want bytes of an APPn segment of n bytes (all
// of it is skipped when shorter) and skips the rest; ok reports whether
// the head was read.
func (d *jpegDecoder) readApp(n, want int) (ok bool, err error) {
	if n < want {
		return false, d.skip(n)
	}
	if err := d.readAll(d.tmp[:want]); err != nil {
		return false, err
	}
	return true, nil
}

func (d *jpegDecoder) readAPP0(n int) error {
	ok, err := d.readApp(n, 5)
	if !ok || err != nil {
		return err
	}
	d.jfif = string(d.tmp[:5]) == "JFIF\x00"
	if n > 5 {
		return d.skip(n - 5)
	}
	return nil
}

func (d *jpegDecoder) readAPP14(n int) error {
	ok, err := d.readApp(n, 12)
	if !ok || err != nil {
		return err
	}
	if string(d.tmp[:5]) == "Adobe" {
		d.adobe = true
		d.adobeXform = d.tmp[11]
	}
	if n > 12 {
		return d.skip(n - 12)
	}
	return nil
}

func (d *jpegDecoder) run(r io.Reader, configOnly bool) (image.Image, error) {
	d.src = r
	if err := d.readAll(d.tmp[:2]); err != nil {
		return nil, err
	}
	if d.tmp[0] != 0xff || d.tmp[1] != mkSOI {
		return nil, FormatError("missing SOI marker")
	}
	for {
		if err := d.readAll(d.tmp[:2]); err != nil {
			return nil, err
		}
		// Skip anything that is not a marker.
		for d.tmp[0] != 0xff {
			d.tmp[0] = d.tmp[1]
			c, err := d.byte1()
			if err != nil {
				return nil, err
			}
			d.tmp[1] = c
		}
		m := d.tmp[1]
		if m == 0 {
			continue
		}
		for m == 0xff {
			c, err := d.byte1()
			if err != nil {
				return nil, err
			}
			m = c
		}
		if m == mkEOI {
			break
		}
		if m >= mkRST0 && m <= mkRST7 {
			continue
		}
		if err := d.readAll(d.tmp[:2]); err != nil {
			return nil, err
		}
		n := int(d.tmp[0])<<8 + int(d.tmp[1]) - 2
		if n < 0 {
			return nil, FormatError("short segment length")
		}
		var err error
		switch {
		case m == mkSOF0 || m == mkSOF1 || m == mkSOF2:
			d.baseline = m == mkSOF0
			d.progressive = m == mkSOF2
			err = d.readSOF(n)
			if configOnly && d.jfif {
				return nil, err
			}
		case m == mkDHT:
			if configOnly {
				err = d.skip(n)
			} else {
				err = d.readDHT(n)
			}
		case m == mkDQT:
			if configOnly {
				err = d.skip(n)
			} else {
				err = d.readDQT(n)
			}
		case m == mkSOS:
			if configOnly {
				return nil, nil
			}
			err = d.readSOS(n)
		case m == mkDRI:
			if configOnly {
				err = d.skip(n)
			} else {
				err = d.readDRI(n)
			}
		case m == mkAPP0:
			err = d.readAPP0(n)
		case m == mkAPP14:
			err = d.readAPP14(n)
		case (m >= mkAPP0 && m <= mkAPP15) || m == mkCOM:
			err = d.skip(n)
		case m < 0xc0:
			err = FormatError("unknown marker")
		default:
			err = UnsupportedError("unknown marker")
		}
		if err != nil {
			return nil, err
		}
	}
	if d.progressive {
		if err := d.finishProgressive(); err != nil {
			return nil, err
		}
	}
	if d.gray != nil {
		return d.gray, nil
	}
	if d.ycc != nil {
		if d.black != nil {
			return d.toCMYK()
		}
		if d.looksRGB() {
			return d.toRGBA()
		}
		return d.ycc, nil
	}
	return nil, FormatError("missing SOS marker")
}

func (d *jpegDecoder) toCMYK() (image.Image, error) {
	if !d.adobe {
		return nil, UnsupportedError("unknown color model: 4-component JPEG doesn't have Adobe APP14 metadata")
	}
	r := d.ycc.Bounds()
	w, h := r.Dx(), r.Dy()
	out := image.NewCMYK(r)
	if d.adobeXform != 0 {
		// YCCK: the first three planes are YCbCr of the inverted CMY.
		for y := 0; y < h; y++ {
			row := out.Pix[y*out.Stride:]
			for x := 0; x < w; x++ {
				yi := d.ycc.YOffset(r.Min.X+x, r.Min.Y+y)
				ci := d.ycc.COffset(r.Min.X+x, r.Min.Y+y)
				cr, cg, cb := color.YCbCrToRGB(d.ycc.Y[yi], d.ycc.Cb[ci], d.ycc.Cr[ci])
				row[4*x] = cr
				row[4*x+1] = cg
				row[4*x+2] = cb
				row[4*x+3] = 255 - d.black[y*d.blackStep+x]
			}
		}
		return out, nil
	}
	planes := [4][]byte{d.ycc.Y, d.ycc.Cb, d.ycc.Cr, d.black}
	steps := [4]int{d.ycc.YStride, d.ycc.CStride, d.ycc.CStride, d.blackStep}
	for p := 0; p < 4; p++ {
		half := d.comps[p].h != d.comps[0].h || d.comps[p].v != d.comps[0].v
		src, step := planes[p], steps[p]
		for y := 0; y < h; y++ {
			sy := y
			if half {
				sy /= 2
			}
			row := out.Pix[y*out.Stride:]
			for x := 0; x < w; x++ {
				sx := x
				if half {
					sx /= 2
				}
				row[4*x+p] = 255 - src[sy*step+sx]
			}
		}
	}
	return out, nil
}

func (d *jpegDecoder) looksRGB() bool {
	if d.jfif {
		return false
	}
	if d.adobe && d.adobeXform == 0 {
		return true
	}
	return d.comps[0].id == 'R' && d.comps[1].id == 'G' && d.comps[2].id == 'B'
}

func (d *jpegDecoder) toRGBA() (image.Image, error) {
	c0, c1, c2 := d.comps[0], d.comps[1], d.comps[2]
	if c1.h != c2.h || c0.h%c1.h != 0 || c1.v != c2.v || c0.v%c1.v != 0 {
		return nil, jpegErrRatio
	}
	div := c0.h / c1.h
	r := d.ycc.Bounds()
	out := image.NewRGBA(r)
	w := r.Dx()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		po := out.PixOffset(r.Min.X, y)
		yo := d.ycc.YOffset(r.Min.X, y)
		co := d.ycc.COffset(r.Min.X, y)
		for i := 0; i < w; i++ {
			out.Pix[po+4*i] = d.ycc.Y[yo+i]
			out.Pix[po+4*i+1] = d.ycc.Cb[co+i/div]
			out.Pix[po+4*i+2] = d.ycc.Cr[co+i/div]
			out.Pix[po+4*i+3] = 255
		}
	}
	return out, nil
}

// Decode reads a JPEG image from r and returns it as an [image.Image].
func Decode(r io.Reader) (image.Image, error) {
	d := new(jpegDecoder)
	return d.run(r, false)
}

// DecodeConfig returns the color model and dimensions of a JPEG image without
// decoding the entire image.
func DecodeConfig(r io.Reader) (image.Config, error) {
	d := new(jpegDecoder)
	if _, err := d.run(r, true); err != nil {
		return image.Config{}, err
	}
	var m color.Model
	switch d.nComp {
	case 1:
		m = color.GrayModel
	case 3:
		m = color.YCbCrModel
		if d.looksRGB() {
			m = color.RGBAModel
		}
	case 4:
		m = color.CMYKModel
	default:
		return image.Config{}, FormatError("missing SOF marker")
	}
	return image.Config{ColorModel: m, Width: d.width, Height: d.height}, nil
}

func init() {
	image.RegisterFormat("jpeg", "\xff\xd8", Decode, DecodeConfig)
}
