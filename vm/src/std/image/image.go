// Package image implements a basic 2-D image library.
package image

import (
	"image/color"
)

// Config holds an image's color model and dimensions.
type Config struct {
	ColorModel    color.Model
	Width, Height int
}

// Image is a finite rectangular grid of color.Color values taken from a
// color model.
type Image interface {
	ColorModel() color.Model
	Bounds() Rectangle
	At(x, y int) color.Color
}

// RGBA64Image is an Image whose pixels can be converted directly to a
// color.RGBA64.
type RGBA64Image interface {
	RGBA64At(x, y int) color.RGBA64
	Image
}

// PalettedImage is an image whose colors may come from a limited palette.
type PalettedImage interface {
	ColorIndexAt(x, y int) uint8
	Image
}

func grow8(v uint8) uint16 { return uint16(v) * 0x101 }

func be16(s []uint8) uint16 { return uint16(s[0])<<8 | uint16(s[1]) }

func putBE16(s []uint8, v uint16) {
	s[0] = uint8(v >> 8)
	s[1] = uint8(v)
}

// unpremul16 turns alpha-premultiplied 16-bit channels into
// non-premultiplied ones.
func unpremul16(c color.RGBA64) (r, g, b, a uint32) {
	r, g, b, a = uint32(c.R), uint32(c.G), uint32(c.B), uint32(c.A)
	if a != 0 && a != 0xffff {
		r = r * 0xffff / a
		g = g * 0xffff / a
		b = b * 0xffff / a
	}
	return
}

// allFF reports whether every stride-th byte from offset off of each row of
// a w-pixel, bpp-byte image is 0xff (width bytes checked per pixel).
func allFF(pix []uint8, stride int, r Rectangle, bpp, off, width int) bool {
	if r.Empty() {
		return true
	}
	row := 0
	n := r.Dx() * bpp
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for i := off; i < n; i += bpp {
			for k := 0; k < width; k++ {
				if pix[row+i+k] != 0xff {
					return false
				}
			}
		}
		row += stride
	}
	return true
}

// RGBA is an in-memory image whose At method returns color.RGBA values.
type RGBA struct {
	Pix    []uint8
	Stride int
	Rect   Rectangle
}

func (p *RGBA) ColorModel() color.Model { return color.RGBAModel }
func (p *RGBA) Bounds() Rectangle       { return p.Rect }
func (p *RGBA) At(x, y int) color.Color { return p.RGBAAt(x, y) }

func (p *RGBA) RGBA64At(x, y int) color.RGBA64 {
	if !(Point{x, y}.In(p.Rect)) {
		return color.RGBA64{}
	}
	i := p.PixOffset(x, y)
	s := p.Pix[i : i+4 : i+4]
	return color.RGBA64{grow8(s[0]), grow8(s[1]), grow8(s[2]), grow8(s[3])}
}

func (p *RGBA) RGBAAt(x, y int) color.RGBA {
	if !(Point{x, y}.In(p.Rect)) {
		return color.RGBA{}
	}
	i := p.PixOffset(x, y)
	s := p.Pix[i : i+4 : i+4]
	return color.RGBA{s[0], s[1], s[2], s[3]}
}

// PixOffset returns the index of the first element of Pix that
// corresponds to the pixel at (x, y).
func (p *RGBA) PixOffset(x, y int) int {
	return (y-p.Rect.Min.Y)*p.Stride + (x-p.Rect.Min.X)*4
}

func (p *RGBA) Set(x, y int, c color.Color) {
	if !(Point{x, y}.In(p.Rect)) {
		return
	}
	c1, ok := c.(color.RGBA)
	if !ok {
		c1 = color.RGBAModel.Convert(c).(color.RGBA)
	}
	p.SetRGBA(x, y, c1)
}

func (p *RGBA) SetRGBA64(x, y int, c color.RGBA64) {
	if !(Point{x, y}.In(p.Rect)) {
		return
	}
	i := p.PixOffset(x, y)
	s := p.Pix[i : i+4 : i+4]
	s[0], s[1], s[2], s[3] = uint8(c.R>>8), uint8(c.G>>8), uint8(c.B>>8), uint8(c.A>>8)
}

func (p *RGBA) SetRGBA(x, y int, c color.RGBA) {
	if !(Point{x, y}.In(p.Rect)) {
		return
	}
	i := p.PixOffset(x, y)
	s := p.Pix[i : i+4 : i+4]
	s[0], s[1], s[2], s[3] = c.R, c.G, c.B, c.A
}

// SubImage returns an image representing the portion of the image p
// visible through r. The returned value shares pixels with the original.
func (p *RGBA) SubImage(r Rectangle) Image {
	r = r.Intersect(p.Rect)
	if r.Empty() {
		return &RGBA{}
	}
	i := p.PixOffset(r.Min.X, r.Min.Y)
	return &RGBA{Pix: p.Pix[i:], Stride: p.Stride, Rect: r}
}

// Opaque scans the entire image and reports whether it is fully opaque.
func (p *RGBA) Opaque() bool { return allFF(p.Pix, p.Stride, p.Rect, 4, 3, 1) }

// NewRGBA returns a new RGBA image with the given bounds.
func NewRGBA(r Rectangle) *RGBA {
	return &RGBA{Pix: make([]uint8, imgBufLen(4, r, "RGBA")), Stride: 4 * r.Dx(), Rect: r}
}

// RGBA64 is an in-memory image whose At method returns color.RGBA64 values.
type RGBA64 struct {
	Pix    []uint8
	Stride int
	Rect   Rectangle
}

func (p *RGBA64) ColorModel() color.Model { return color.RGBA64Model }
func (p *RGBA64) Bounds() Rectangle       { return p.Rect }
func (p *RGBA64) At(x, y int) color.Color { return p.RGBA64At(x, y) }

func (p *RGBA64) RGBA64At(x, y int) color.RGBA64 {
	if !(Point{x, y}.In(p.Rect)) {
		return color.RGBA64{}
	}
	i := p.PixOffset(x, y)
	s := p.Pix[i : i+8 : i+8]
	return color.RGBA64{be16(s[0:]), be16(s[2:]), be16(s[4:]), be16(s[6:])}
}

func (p *RGBA64) PixOffset(x, y int) int {
	return (y-p.Rect.Min.Y)*p.Stride + (x-p.Rect.Min.X)*8
}

func (p *RGBA64) Set(x, y int, c color.Color) {
	if !(Point{x, y}.In(p.Rect)) {
		return
	}
	p.SetRGBA64(x, y, color.RGBA64Model.Convert(c).(color.RGBA64))
}

func (p *RGBA64) SetRGBA64(x, y int, c color.RGBA64) {
	if !(Point{x, y}.In(p.Rect)) {
		return
	}
	i := p.PixOffset(x, y)
	s := p.Pix[i : i+8 : i+8]
	putBE16(s[0:], c.R)
	putBE16(s[2:], c.G)
	putBE16(s[4:], c.B)
	putBE16(s[6:], c.A)
}

func (p *RGBA64) SubImage(r Rectangle) Image {
	r = r.Intersect(p.Rect)
	if r.Empty() {
		return &RGBA64{}
	}
	i := p.PixOffset(r.Min.X, r.Min.Y)
	return &RGBA64{Pix: p.Pix[i:], Stride: p.Stride, Rect: r}
}

func (p *RGBA64) Opaque() bool { return allFF(p.Pix, p.Stride, p.Rect, 8, 6, 2) }

// NewRGBA64 returns a new RGBA64 image with the given bounds.
func NewRGBA64(r Rectangle) *RGBA64 {
	return &RGBA64{Pix: make([]uint8, imgBufLen(8, r, "RGBA64")), Stride: 8 * r.Dx(), Rect: r}
}

// NRGBA is an in-memory image whose At method returns color.NRGBA values.
type NRGBA struct {
	Pix    []uint8
	Stride int
	Rect   Rectangle
}

func (p *NRGBA) ColorModel() color.Model { return color.NRGBAModel }
func (p *NRGBA) Bounds() Rectangle       { return p.Rect }
func (p *NRGBA) At(x, y int) color.Color { return p.NRGBAAt(x, y) }

func (p *NRGBA) RGBA64At(x, y int) color.RGBA64 {
	r, g, b, a := p.NRGBAAt(x, y).RGBA()
	return color.RGBA64{uint16(r), uint16(g), uint16(b), uint16(a)}
}

func (p *NRGBA) NRGBAAt(x, y int) color.NRGBA {
	if !(Point{x, y}.In(p.Rect)) {
		return color.NRGBA{}
	}
	i := p.PixOffset(x, y)
	s := p.Pix[i : i+4 : i+4]
	return color.NRGBA{s[0], s[1], s[2], s[3]}
}

func (p *NRGBA) PixOffset(x, y int) int {
	return (y-p.Rect.Min.Y)*p.Stride + (x-p.Rect.Min.X)*4
}

func (p *NRGBA) Set(x, y int, c color.Color) {
	if !(Point{x, y}.In(p.Rect)) {
		return
	}
	c1, ok := c.(color.NRGBA)
	if !ok {
		c1 = color.NRGBAModel.Convert(c).(color.NRGBA)
	}
	p.SetNRGBA(x, y, c1)
}

func (p *NRGBA) SetRGBA64(x, y int, c color.RGBA64) {
	if !(Point{x, y}.In(p.Rect)) {
		return
	}
	r, g, b, a := unpremul16(c)
	i := p.PixOffset(x, y)
	s := p.Pix[i : i+4 : i+4]
	s[0], s[1], s[2], s[3] = uint8(r>>8), uint8(g>>8), uint8(b>>8), uint8(a>>8)
}

func (p *NRGBA) SetNRGBA(x, y int, c color.NRGBA) {
	if !(Point{x, y}.In(p.Rect)) {
		return
	}
	i := p.PixOffset(x, y)
	s := p.Pix[i : i+4 : i+4]
	s[0], s[1], s[2], s[3] = c.R, c.G, c.B, c.A
}

func (p *NRGBA) SubImage(r Rectangle) Image {
	r = r.Intersect(p.Rect)
	if r.Empty() {
		return &NRGBA{}
	}
	i := p.PixOffset(r.Min.X, r.Min.Y)
	return &NRGBA{Pix: p.Pix[i:], Stride: p.Stride, Rect: r}
}

func (p *NRGBA) Opaque() bool { return allFF(p.Pix, p.Stride, p.Rect, 4, 3, 1) }

// NewNRGBA returns a new NRGBA image with the given bounds.
func NewNRGBA(r Rectangle) *NRGBA {
	return &NRGBA{Pix: make([]uint8, imgBufLen(4, r, "NRGBA")), Stride: 4 * r.Dx(), Rect: r}
}

// NRGBA64 is an in-memory image whose At method returns color.NRGBA64 values.
type NRGBA64 struct {
	Pix    []uint8
	Stride int
	Rect   Rectangle
}

func (p *NRGBA64) ColorModel() color.Model { return color.NRGBA64Model }
func (p *NRGBA64) Bounds() Rectangle       { return p.Rect }
func (p *NRGBA64) At(x, y int) color.Color { return p.NRGBA64At(x, y) }

func (p *NRGBA64) RGBA64At(x, y int) color.RGBA64 {
	r, g, b, a := p.NRGBA64At(x, y).RGBA()
	return color.RGBA64{uint16(r), uint16(g), uint16(b), uint16(a)}
}

func (p *NRGBA64) NRGBA64At(x, y int) color.NRGBA64 {
	if !(Point{x, y}.In(p.Rect)) {
		return color.NRGBA64{}
	}
	i := p.PixOffset(x, y)
	s := p.Pix[i : i+8 : i+8]
	return color.NRGBA64{be16(s[0:]), be16(s[2:]), be16(s[4:]), be16(s[6:])}
}

func (p *NRGBA64) PixOffset(x, y int) int {
	return (y-p.Rect.Min.Y)*p.Stride + (x-p.Rect.Min.X)*8
}

func (p *NRGBA64) Set(x, y int, c color.Color) {
	if !(Point{x, y}.In(p.Rect)) {
		return
	}
	p.SetNRGBA64(x, y, color.NRGBA64Model.Convert(c).(color.NRGBA64))
}

func (p *NRGBA64) SetRGBA64(x, y int, c color.RGBA64) {
	if !(Point{x, y}.In(p.Rect)) {
		return
	}
	r, g, b, a := unpremul16(c)
	p.SetNRGBA64(x, y, color.NRGBA64{uint16(r), uint16(g), uint16(b), uint16(a)})
}

func (p *NRGBA64) SetNRGBA64(x, y int, c color.NRGBA64) {
	if !(Point{x, y}.In(p.Rect)) {
		return
	}
	i := p.PixOffset(x, y)
	s := p.Pix[i : i+8 : i+8]
	putBE16(s[0:], c.R)
	putBE16(s[2:], c.G)
	putBE16(s[4:], c.B)
	putBE16(s[6:], c.A)
}

func (p *NRGBA64) SubImage(r Rectangle) Image {
	r = r.Intersect(p.Rect)
	if r.Empty() {
		return &NRGBA64{}
	}
	i := p.PixOffset(r.Min.X, r.Min.Y)
	return &NRGBA64{Pix: p.Pix[i:], Stride: p.Stride, Rect: r}
}

func (p *NRGBA64) Opaque() bool { return allFF(p.Pix, p.Stride, p.Rect, 8, 6, 2) }

// NewNRGBA64 returns a new NRGBA64 image with the given bounds.
func NewNRGBA64(r Rectangle) *NRGBA64 {
	return &NRGBA64{Pix: make([]uint8, imgBufLen(8, r, "NRGBA64")), Stride: 8 * r.Dx(), Rect: r}
}

// Alpha is an in-memory image whose At method returns color.Alpha values.
type Alpha struct {
	Pix    []uint8
	Stride int
	Rect   Rectangle
}

func (p *Alpha) ColorModel() color.Model { return color.AlphaModel }
func (p *Alpha) Bounds() Rectangle       { return p.Rect }
func (p *Alpha) At(x, y int) color.Color { return p.AlphaAt(x, y) }

func (p *Alpha) RGBA64At(x, y int) color.RGBA64 {
	if !(Point{x, y}.In(p.Rect)) {
		return color.RGBA64{}
	}
	a := grow8(p.Pix[p.PixOffset(x, y)])
	return color.RGBA64{a, a, a, a}
}

func (p *Alpha) AlphaAt(x, y int) color.Alpha {
	if !(Point{x, y}.In(p.Rect)) {
		return color.Alpha{}
	}
	return color.Alpha{p.Pix[p.PixOffset(x, y)]}
}

func (p *Alpha) PixOffset(x, y int) int {
	return (y-p.Rect.Min.Y)*p.Stride + (x - p.Rect.Min.X)
}

func (p *Alpha) Set(x, y int, c color.Color) {
	if !(Point{x, y}.In(p.Rect)) {
		return
	}
	p.Pix[p.PixOffset(x, y)] = color.AlphaModel.Convert(c).(color.Alpha).A
}

func (p *Alpha) SetRGBA64(x, y int, c color.RGBA64) {
	if !(Point{x, y}.In(p.Rect)) {
		return
	}
	p.Pix[p.PixOffset(x, y)] = uint8(c.A >> 8)
}

func (p *Alpha) SetAlpha(x, y int, c color.Alpha) {
	if !(Point{x, y}.In(p.Rect)) {
		return
	}
	p.Pix[p.PixOffset(x, y)] = c.A
}

func (p *Alpha) SubImage(r Rectangle) Image {
	r = r.Intersect(p.Rect)
	if r.Empty() {
		return &Alpha{}
	}
	i := p.PixOffset(r.Min.X, r.Min.Y)
	return &Alpha{Pix: p.Pix[i:], Stride: p.Stride, Rect: r}
}

func (p *Alpha) Opaque() bool { return allFF(p.Pix, p.Stride, p.Rect, 1, 0, 1) }

// NewAlpha returns a new Alpha image with the given bounds.
func NewAlpha(r Rectangle) *Alpha {
	return &Alpha{Pix: make([]uint8, imgBufLen(1, r, "Alpha")), Stride: r.Dx(), Rect: r}
}

// Alpha16 is an in-memory image whose At method returns color.Alpha16 values.
type Alpha16 struct {
	Pix    []uint8
	Stride int
	Rect   Rectangle
}

func (p *Alpha16) ColorModel() color.Model { return color.Alpha16Model }
func (p *Alpha16) Bounds() Rectangle       { return p.Rect }
func (p *Alpha16) At(x, y int) color.Color { return p.Alpha16At(x, y) }

func (p *Alpha16) RGBA64At(x, y int) color.RGBA64 {
	a := p.Alpha16At(x, y).A
	return color.RGBA64{a, a, a, a}
}

func (p *Alpha16) Alpha16At(x, y int) color.Alpha16 {
	if !(Point{x, y}.In(p.Rect)) {
		return color.Alpha16{}
	}
	i := p.PixOffset(x, y)
	return color.Alpha16{be16(p.Pix[i : i+2])}
}

func (p *Alpha16) PixOffset(x, y int) int {
	return (y-p.Rect.Min.Y)*p.Stride + (x-p.Rect.Min.X)*2
}

func (p *Alpha16) Set(x, y int, c color.Color) {
	if !(Point{x, y}.In(p.Rect)) {
		return
	}
	p.SetAlpha16(x, y, color.Alpha16Model.Convert(c).(color.Alpha16))
}

func (p *Alpha16) SetRGBA64(x, y int, c color.RGBA64) {
	p.SetAlpha16(x, y, color.Alpha16{c.A})
}

func (p *Alpha16) SetAlpha16(x, y int, c color.Alpha16) {
	if !(Point{x, y}.In(p.Rect)) {
		return
	}
	i := p.PixOffset(x, y)
	putBE16(p.Pix[i:i+2], c.A)
}

func (p *Alpha16) SubImage(r Rectangle) Image {
	r = r.Intersect(p.Rect)
	if r.Empty() {
		return &Alpha16{}
	}
	i := p.PixOffset(r.Min.X, r.Min.Y)
	return &Alpha16{Pix: p.Pix[i:], Stride: p.Stride, Rect: r}
}

func (p *Alpha16) Opaque() bool { return allFF(p.Pix, p.Stride, p.Rect, 2, 0, 2) }

// NewAlpha16 returns a new Alpha16 image with the given bounds.
func NewAlpha16(r Rectangle) *Alpha16 {
	return &Alpha16{Pix: make([]uint8, imgBufLen(2, r, "Alpha16")), Stride: 2 * r.Dx(), Rect: r}
}

// Gray is an in-memory image whose At method returns color.Gray values.
type Gray struct {
	Pix    []uint8
	Stride int
	Rect   Rectangle
}

func (p *Gray) ColorModel() color.Model { return color.GrayModel }
func (p *Gray) Bounds() Rectangle       { return p.Rect }
func (p *Gray) At(x, y int) color.Color { return p.GrayAt(x, y) }

func (p *Gray) RGBA64At(x, y int) color.RGBA64 {
	v := grow8(p.GrayAt(x, y).Y)
	return color.RGBA64{v, v, v, 0xffff}
}

func (p *Gray) GrayAt(x, y int) color.Gray {
	if !(Point{x, y}.In(p.Rect)) {
		return color.Gray{}
	}
	return color.Gray{p.Pix[p.PixOffset(x, y)]}
}

func (p *Gray) PixOffset(x, y int) int {
	return (y-p.Rect.Min.Y)*p.Stride + (x - p.Rect.Min.X)
}

func (p *Gray) Set(x, y int, c color.Color) {
	if !(Point{x, y}.In(p.Rect)) {
		return
	}
	p.Pix[p.PixOffset(x, y)] = color.GrayModel.Convert(c).(color.Gray).Y
}

func (p *Gray) SetRGBA64(x, y int, c color.RGBA64) {
	if !(Point{x, y}.In(p.Rect)) {
		return
	}
	v := (19595*uint32(c.R) + 38470*uint32(c.G) + 7471*uint32(c.B) + 1<<15) >> 24
	p.Pix[p.PixOffset(x, y)] = uint8(v)
}

func (p *Gray) SetGray(x, y int, c color.Gray) {
	if !(Point{x, y}.In(p.Rect)) {
		return
	}
	p.Pix[p.PixOffset(x, y)] = c.Y
}

func (p *Gray) SubImage(r Rectangle) Image {
	r = r.Intersect(p.Rect)
	if r.Empty() {
		return &Gray{}
	}
	i := p.PixOffset(r.Min.X, r.Min.Y)
	return &Gray{Pix: p.Pix[i:], Stride: p.Stride, Rect: r}
}

func (p *Gray) Opaque() bool { return true }

// NewGray returns a new Gray image with the given bounds.
func NewGray(r Rectangle) *Gray {
	return &Gray{Pix: make([]uint8, imgBufLen(1, r, "Gray")), Stride: r.Dx(), Rect: r}
}

// Gray16 is an in-memory image whose At method returns color.Gray16 values.
type Gray16 struct {
	Pix    []uint8
	Stride int
	Rect   Rectangle
}

func (p *Gray16) ColorModel() color.Model { return color.Gray16Model }
func (p *Gray16) Bounds() Rectangle       { return p.Rect }
func (p *Gray16) At(x, y int) color.Color { return p.Gray16At(x, y) }

func (p *Gray16) RGBA64At(x, y int) color.RGBA64 {
	v := p.Gray16At(x, y).Y
	return color.RGBA64{v, v, v, 0xffff}
}

func (p *Gray16) Gray16At(x, y int) color.Gray16 {
	if !(Point{x, y}.In(p.Rect)) {
		return color.Gray16{}
	}
	i := p.PixOffset(x, y)
	return color.Gray16{be16(p.Pix[i : i+2])}
}

func (p *Gray16) PixOffset(x, y int) int {
	return (y-p.Rect.Min.Y)*p.Stride + (x-p.Rect.Min.X)*2
}

func (p *Gray16) Set(x, y int, c color.Color) {
	if !(Point{x, y}.In(p.Rect)) {
		return
	}
	p.SetGray16(x, y, color.Gray16Model.Convert(c).(color.Gray16))
}

func (p *Gray16) SetRGBA64(x, y int, c color.RGBA64) {
	v := (19595*uint32(c.R) + 38470*uint32(c.G) + 7471*uint32(c.B) + 1<<15) >> 16
	p.SetGray16(x, y, color.Gray16{uint16(v)})
}

func (p *Gray16) SetGray16(x, y int, c color.Gray16) {
	if !(Point{x, y}.In(p.Rect)) {
		return
	}
	i := p.PixOffset(x, y)
	putBE16(p.Pix[i:i+2], c.Y)
}

func (p *Gray16) SubImage(r Rectangle) Image {
	r = r.Intersect(p.Rect)
	if r.Empty() {
		return &Gray16{}
	}
	i := p.PixOffset(r.Min.X, r.Min.Y)
	return &Gray16{Pix: p.Pix[i:], Stride: p.Stride, Rect: r}
}

func (p *Gray16) Opaque() bool { return true }

// NewGray16 returns a new Gray16 image with the given bounds.
func NewGray16(r Rectangle) *Gray16 {
	return &Gray16{Pix: make([]uint8, imgBufLen(2, r, "Gray16")), Stride: 2 * r.Dx(), Rect: r}
}

// CMYK is an in-memory image whose At method returns color.CMYK values.
type CMYK struct {
	Pix    []uint8
	Stride int
	Rect   Rectangle
}

func (p *CMYK) ColorModel() color.Model { return color.CMYKModel }
func (p *CMYK) Bounds() Rectangle       { return p.Rect }
func (p *CMYK) At(x, y int) color.Color { return p.CMYKAt(x, y) }

func (p *CMYK) RGBA64At(x, y int) color.RGBA64 {
	r, g, b, a := p.CMYKAt(x, y).RGBA()
	return color.RGBA64{uint16(r), uint16(g), uint16(b), uint16(a)}
}

func (p *CMYK) CMYKAt(x, y int) color.CMYK {
	if !(Point{x, y}.In(p.Rect)) {
		return color.CMYK{}
	}
	i := p.PixOffset(x, y)
	s := p.Pix[i : i+4 : i+4]
	return color.CMYK{s[0], s[1], s[2], s[3]}
}

func (p *CMYK) PixOffset(x, y int) int {
	return (y-p.Rect.Min.Y)*p.Stride + (x-p.Rect.Min.X)*4
}

func (p *CMYK) Set(x, y int, c color.Color) {
	if !(Point{x, y}.In(p.Rect)) {
		return
	}
	p.SetCMYK(x, y, color.CMYKModel.Convert(c).(color.CMYK))
}

func (p *CMYK) SetRGBA64(x, y int, c color.RGBA64) {
	cc, mm, yy, kk := color.RGBToCMYK(uint8(c.R>>8), uint8(c.G>>8), uint8(c.B>>8))
	p.SetCMYK(x, y, color.CMYK{cc, mm, yy, kk})
}

func (p *CMYK) SetCMYK(x, y int, c color.CMYK) {
	if !(Point{x, y}.In(p.Rect)) {
		return
	}
	i := p.PixOffset(x, y)
	s := p.Pix[i : i+4 : i+4]
	s[0], s[1], s[2], s[3] = c.C, c.M, c.Y, c.K
}

func (p *CMYK) SubImage(r Rectangle) Image {
	r = r.Intersect(p.Rect)
	if r.Empty() {
		return &CMYK{}
	}
	i := p.PixOffset(r.Min.X, r.Min.Y)
	return &CMYK{Pix: p.Pix[i:], Stride: p.Stride, Rect: r}
}

func (p *CMYK) Opaque() bool { return true }

// NewCMYK returns a new CMYK image with the given bounds.
func NewCMYK(r Rectangle) *CMYK {
	return &CMYK{Pix: make([]uint8, imgBufLen(4, r, "CMYK")), Stride: 4 * r.Dx(), Rect: r}
}

// Paletted is an in-memory image of uint8 indices into a given palette.
type Paletted struct {
	Pix     []uint8
	Stride  int
	Rect    Rectangle
	Palette color.Palette
}

func (p *Paletted) ColorModel() color.Model { return p.Palette }
func (p *Paletted) Bounds() Rectangle       { return p.Rect }

func (p *Paletted) At(x, y int) color.Color {
	if len(p.Palette) == 0 {
		return nil
	}
	if !(Point{x, y}.In(p.Rect)) {
		return p.Palette[0]
	}
	return p.Palette[p.Pix[p.PixOffset(x, y)]]
}

func (p *Paletted) RGBA64At(x, y int) color.RGBA64 {
	if len(p.Palette) == 0 {
		return color.RGBA64{}
	}
	c := p.Palette[0]
	if (Point{x, y}.In(p.Rect)) {
		c = p.Palette[p.Pix[p.PixOffset(x, y)]]
	}
	r, g, b, a := c.RGBA()
	return color.RGBA64{uint16(r), uint16(g), uint16(b), uint16(a)}
}

func (p *Paletted) PixOffset(x, y int) int {
	return (y-p.Rect.Min.Y)*p.Stride + (x - p.Rect.Min.X)
}

func (p *Paletted) Set(x, y int, c color.Color) {
	if !(Point{x, y}.In(p.Rect)) {
		return
	}
	p.Pix[p.PixOffset(x, y)] = uint8(p.Palette.Index(c))
}

func (p *Paletted) SetRGBA64(x, y int, c color.RGBA64) {
	if !(Point{x, y}.In(p.Rect)) {
		return
	}
	p.Pix[p.PixOffset(x, y)] = uint8(p.Palette.Index(c))
}

func (p *Paletted) ColorIndexAt(x, y int) uint8 {
	if !(Point{x, y}.In(p.Rect)) {
		return 0
	}
	return p.Pix[p.PixOffset(x, y)]
}

func (p *Paletted) SetColorIndex(x, y int, index uint8) {
	if !(Point{x, y}.In(p.Rect)) {
		return
	}
	p.Pix[p.PixOffset(x, y)] = index
}

func (p *Paletted) SubImage(r Rectangle) Image {
	r = r.Intersect(p.Rect)
	if r.Empty() {
		return &Paletted{Palette: p.Palette}
	}
	i := p.PixOffset(r.Min.X, r.Min.Y)
	return &Paletted{Pix: p.Pix[i:], Stride: p.Stride, Rect: r, Palette: p.Palette}
}

func (p *Paletted) Opaque() bool {
	var used [256]bool
	row, n := 0, p.Rect.Dx()
	for y := p.Rect.Min.Y; y < p.Rect.Max.Y; y++ {
		for _, c := range p.Pix[row : row+n] {
			used[c] = true
		}
		row += p.Stride
	}
	for i, c := range p.Palette {
		if !used[i] {
			continue
		}
		if _, _, _, a := c.RGBA(); a != 0xffff {
			return false
		}
	}
	return true
}

// NewPaletted returns a new Paletted image with the given width, height
// and palette.
func NewPaletted(r Rectangle, p color.Palette) *Paletted {
	return &Paletted{Pix: make([]uint8, imgBufLen(1, r, "Paletted")), Stride: r.Dx(), Rect: r, Palette: p}
}
