package image

import (
	"image/color"
)

// YCbCrSubsampleRatio is the chroma subsample ratio used in a YCbCr image.
type YCbCrSubsampleRatio int

const (
	YCbCrSubsampleRatio444 YCbCrSubsampleRatio = iota
	YCbCrSubsampleRatio422
	YCbCrSubsampleRatio420
	YCbCrSubsampleRatio440
	YCbCrSubsampleRatio411
	YCbCrSubsampleRatio410
)

func (s YCbCrSubsampleRatio) String() string {
	switch s {
	case YCbCrSubsampleRatio444:
		return "YCbCrSubsampleRatio444"
	case YCbCrSubsampleRatio422:
		return "YCbCrSubsampleRatio422"
	case YCbCrSubsampleRatio420:
		return "YCbCrSubsampleRatio420"
	case YCbCrSubsampleRatio440:
		return "YCbCrSubsampleRatio440"
	case YCbCrSubsampleRatio411:
		return "YCbCrSubsampleRatio411"
	case YCbCrSubsampleRatio410:
		return "YCbCrSubsampleRatio410"
	}
	return "YCbCrSubsampleRatioUnknown"
}

// chromaShift gives the horizontal and vertical subsampling shifts.
func chromaShift(s YCbCrSubsampleRatio) (sx, sy int) {
	switch s {
	case YCbCrSubsampleRatio422:
		return 1, 0
	case YCbCrSubsampleRatio420:
		return 1, 1
	case YCbCrSubsampleRatio440:
		return 0, 1
	case YCbCrSubsampleRatio411:
		return 2, 0
	case YCbCrSubsampleRatio410:
		return 2, 1
	}
	return 0, 0
}

// YCbCr is an in-memory image of Y'CbCr colors.
type YCbCr struct {
	Y, Cb, Cr      []uint8
	YStride        int
	CStride        int
	SubsampleRatio YCbCrSubsampleRatio
	Rect           Rectangle
}

func (p *YCbCr) ColorModel() color.Model { return color.YCbCrModel }
func (p *YCbCr) Bounds() Rectangle       { return p.Rect }
func (p *YCbCr) At(x, y int) color.Color { return p.YCbCrAt(x, y) }

func (p *YCbCr) RGBA64At(x, y int) color.RGBA64 {
	r, g, b, a := p.YCbCrAt(x, y).RGBA()
	return color.RGBA64{uint16(r), uint16(g), uint16(b), uint16(a)}
}

func (p *YCbCr) YCbCrAt(x, y int) color.YCbCr {
	if !(Point{x, y}.In(p.Rect)) {
		return color.YCbCr{}
	}
	yi := p.YOffset(x, y)
	ci := p.COffset(x, y)
	return color.YCbCr{p.Y[yi], p.Cb[ci], p.Cr[ci]}
}

// YOffset returns the index of the first element of Y that corresponds to
// the pixel at (x, y).
func (p *YCbCr) YOffset(x, y int) int {
	return (y-p.Rect.Min.Y)*p.YStride + (x - p.Rect.Min.X)
}

// COffset returns the index of the first element of Cb or Cr that
// corresponds to the pixel at (x, y).
func (p *YCbCr) COffset(x, y int) int {
	sx, sy := chromaShift(p.SubsampleRatio)
	dx := 1 << sx
	dy := 1 << sy
	return (y/dy-p.Rect.Min.Y/dy)*p.CStride + (x/dx - p.Rect.Min.X/dx)
}

func (p *YCbCr) SubImage(r Rectangle) Image {
	r = r.Intersect(p.Rect)
	if r.Empty() {
		return &YCbCr{SubsampleRatio: p.SubsampleRatio}
	}
	yi := p.YOffset(r.Min.X, r.Min.Y)
	ci := p.COffset(r.Min.X, r.Min.Y)
	return &YCbCr{
		Y:              p.Y[yi:],
		Cb:             p.Cb[ci:],
		Cr:             p.Cr[ci:],
		SubsampleRatio: p.SubsampleRatio,
		YStride:        p.YStride,
		CStride:        p.CStride,
		Rect:           r,
	}
}

func (p *YCbCr) Opaque() bool { return true }

func yccSizes(r Rectangle, s YCbCrSubsampleRatio) (w, h, cw, ch int) {
	w, h = r.Dx(), r.Dy()
	sx, sy := chromaShift(s)
	cw, ch = w, h
	if sx > 0 {
		d := 1 << sx
		cw = (r.Max.X+d-1)/d - r.Min.X/d
	}
	if sy > 0 {
		d := 1 << sy
		ch = (r.Max.Y+d-1)/d - r.Min.Y/d
	}
	return
}

// NewYCbCr returns a new YCbCr image with the given bounds and subsample
// ratio.
func NewYCbCr(r Rectangle, subsampleRatio YCbCrSubsampleRatio) *YCbCr {
	w, h, cw, ch := yccSizes(r, subsampleRatio)
	a, c := imgAreaBytes(1, w, h), imgAreaBytes(2, cw, ch)
	if a < 0 || c < 0 || a+c < 0 {
		panic("image: NewYCbCr Rectangle has huge or negative dimensions")
	}
	ny, nc := w*h, cw*ch
	buf := make([]byte, ny+2*nc)
	return &YCbCr{
		Y:              buf[:ny:ny],
		Cb:             buf[ny : ny+nc : ny+nc],
		Cr:             buf[ny+nc : ny+2*nc : ny+2*nc],
		SubsampleRatio: subsampleRatio,
		YStride:        w,
		CStride:        cw,
		Rect:           r,
	}
}

// NYCbCrA is an in-memory image of non-alpha-premultiplied Y'CbCr-with-alpha
// colors.
type NYCbCrA struct {
	YCbCr
	A       []uint8
	AStride int
}

func (p *NYCbCrA) ColorModel() color.Model { return color.NYCbCrAModel }
func (p *NYCbCrA) At(x, y int) color.Color { return p.NYCbCrAAt(x, y) }

func (p *NYCbCrA) RGBA64At(x, y int) color.RGBA64 {
	r, g, b, a := p.NYCbCrAAt(x, y).RGBA()
	return color.RGBA64{uint16(r), uint16(g), uint16(b), uint16(a)}
}

func (p *NYCbCrA) NYCbCrAAt(x, y int) color.NYCbCrA {
	if !(Point{X: x, Y: y}.In(p.Rect)) {
		return color.NYCbCrA{}
	}
	yi := p.YOffset(x, y)
	ci := p.COffset(x, y)
	ai := p.AOffset(x, y)
	return color.NYCbCrA{YCbCr: color.YCbCr{Y: p.Y[yi], Cb: p.Cb[ci], Cr: p.Cr[ci]}, A: p.A[ai]}
}

// AOffset returns the index of the first element of A that corresponds to
// the pixel at (x, y).
func (p *NYCbCrA) AOffset(x, y int) int {
	return (y-p.Rect.Min.Y)*p.AStride + (x - p.Rect.Min.X)
}

func (p *NYCbCrA) SubImage(r Rectangle) Image {
	r = r.Intersect(p.Rect)
	if r.Empty() {
		return &NYCbCrA{YCbCr: YCbCr{SubsampleRatio: p.SubsampleRatio}}
	}
	yi := p.YOffset(r.Min.X, r.Min.Y)
	ci := p.COffset(r.Min.X, r.Min.Y)
	ai := p.AOffset(r.Min.X, r.Min.Y)
	return &NYCbCrA{
		YCbCr: YCbCr{
			Y:              p.Y[yi:],
			Cb:             p.Cb[ci:],
			Cr:             p.Cr[ci:],
			SubsampleRatio: p.SubsampleRatio,
			YStride:        p.YStride,
			CStride:        p.CStride,
			Rect:           r,
		},
		A:       p.A[ai:],
		AStride: p.AStride,
	}
}

func (p *NYCbCrA) Opaque() bool {
	if p.Rect.Empty() {
		return true
	}
	row, n := 0, p.Rect.Dx()
	for y := p.Rect.Min.Y; y < p.Rect.Max.Y; y++ {
		for _, a := range p.A[row : row+n] {
			if a != 0xff {
				return false
			}
		}
		row += p.AStride
	}
	return true
}

// NewNYCbCrA returns a new NYCbCrA image with the given bounds and
// subsample ratio.
func NewNYCbCrA(r Rectangle, subsampleRatio YCbCrSubsampleRatio) *NYCbCrA {
	w, h, cw, ch := yccSizes(r, subsampleRatio)
	a, c := imgAreaBytes(2, w, h), imgAreaBytes(2, cw, ch)
	if a < 0 || c < 0 || a+c < 0 {
		panic("image: NewNYCbCrA Rectangle has huge or negative dimension")
	}
	ny, nc := w*h, cw*ch
	buf := make([]byte, 2*ny+2*nc)
	return &NYCbCrA{
		YCbCr: YCbCr{
			Y:              buf[:ny:ny],
			Cb:             buf[ny : ny+nc : ny+nc],
			Cr:             buf[ny+nc : ny+2*nc : ny+2*nc],
			SubsampleRatio: subsampleRatio,
			YStride:        w,
			CStride:        cw,
			Rect:           r,
		},
		A:       buf[ny+2*nc:],
		AStride: w,
	}
}
