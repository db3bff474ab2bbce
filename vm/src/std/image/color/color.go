// Package color implements a basic color library.
package color

// Color can convert itself to alpha-premultiplied 16-bits per channel RGBA.
type Color interface {
	RGBA() (r, g, b, a uint32)
}

// widen8 turns an 8-bit channel into its 16-bit equivalent (0xab -> 0xabab).
func widen8(v uint8) uint32 {
	return uint32(v) * 0x101
}

// RGBA represents a traditional 32-bit alpha-premultiplied color.
type RGBA struct {
	R, G, B, A uint8
}

func (c RGBA) RGBA() (r, g, b, a uint32) {
	return widen8(c.R), widen8(c.G), widen8(c.B), widen8(c.A)
}

// RGBA64 represents a 64-bit alpha-premultiplied color.
type RGBA64 struct {
	R, G, B, A uint16
}

func (c RGBA64) RGBA() (r, g, b, a uint32) {
	return uint32(c.R), uint32(c.G), uint32(c.B), uint32(c.A)
}

// NRGBA represents a non-alpha-premultiplied 32-bit color.
type NRGBA struct {
	R, G, B, A uint8
}

func (c NRGBA) RGBA() (r, g, b, a uint32) {
	al := uint32(c.A)
	return widen8(c.R) * al / 0xff, widen8(c.G) * al / 0xff, widen8(c.B) * al / 0xff, widen8(c.A)
}

// NRGBA64 represents a non-alpha-premultiplied 64-bit color.
type NRGBA64 struct {
	R, G, B, A uint16
}

func (c NRGBA64) RGBA() (r, g, b, a uint32) {
	al := uint32(c.A)
	return uint32(c.R) * al / 0xffff, uint32(c.G) * al / 0xffff, uint32(c.B) * al / 0xffff, al
}

// Alpha represents an 8-bit alpha color.
type Alpha struct {
	A uint8
}

func (c Alpha) RGBA() (r, g, b, a uint32) {
	v := widen8(c.A)
	return v, v, v, v
}

// Alpha16 represents a 16-bit alpha color.
type Alpha16 struct {
	A uint16
}

func (c Alpha16) RGBA() (r, g, b, a uint32) {
	v := uint32(c.A)
	return v, v, v, v
}

// Gray represents an 8-bit grayscale color.
type Gray struct {
	Y uint8
}

func (c Gray) RGBA() (r, g, b, a uint32) {
	v := widen8(c.Y)
	return v, v, v, 0xffff
}

// Gray16 represents a 16-bit grayscale color.
type Gray16 struct {
	Y uint16
}

func (c Gray16) RGBA() (r, g, b, a uint32) {
	v := uint32(c.Y)
	return v, v, v, 0xffff
}

// Model can convert any Color to one from its own color model.
type Model interface {
	Convert(c Color) Color
}

// ModelFunc returns a Model that invokes f to implement the conversion.
func ModelFunc(f func(Color) Color) Model {
	return &funcModel{conv: f}
}

type funcModel struct {
	conv func(Color) Color
}

func (m *funcModel) Convert(c Color) Color {
	return m.conv(c)
}

// Models for the standard color types.
var (
	RGBAModel    Model = ModelFunc(toRGBA)
	RGBA64Model  Model = ModelFunc(toRGBA64)
	NRGBAModel   Model = ModelFunc(toNRGBA)
	NRGBA64Model Model = ModelFunc(toNRGBA64)
	AlphaModel   Model = ModelFunc(toAlpha)
	Alpha16Model Model = ModelFunc(toAlpha16)
	GrayModel    Model = ModelFunc(toGray)
	Gray16Model  Model = ModelFunc(toGray16)
)

func toRGBA(c Color) Color {
	if _, ok := c.(RGBA); ok {
		return c
	}
	r, g, b, a := c.RGBA()
	return RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), uint8(a >> 8)}
}

func toRGBA64(c Color) Color {
	if _, ok := c.(RGBA64); ok {
		return c
	}
	r, g, b, a := c.RGBA()
	return RGBA64{uint16(r), uint16(g), uint16(b), uint16(a)}
}

func toNRGBA(c Color) Color {
	if _, ok := c.(NRGBA); ok {
		return c
	}
	r, g, b, a := c.RGBA()
	switch a {
	case 0xffff:
		return NRGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), 0xff}
	case 0:
		return NRGBA{}
	}
	r = r * 0xffff / a
	g = g * 0xffff / a
	b = b * 0xffff / a
	return NRGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), uint8(a >> 8)}
}

func toNRGBA64(c Color) Color {
	if _, ok := c.(NRGBA64); ok {
		return c
	}
	r, g, b, a := c.RGBA()
	switch a {
	case 0xffff:
		return NRGBA64{uint16(r), uint16(g), uint16(b), 0xffff}
	case 0:
		return NRGBA64{}
	}
	r = r * 0xffff / a
	g = g * 0xffff / a
	b = b * 0xffff / a
	return NRGBA64{uint16(r), uint16(g), uint16(b), uint16(a)}
}

func toAlpha(c Color) Color {
	if _, ok := c.(Alpha); ok {
		return c
	}
	_, _, _, a := c.RGBA()
	return Alpha{uint8(a >> 8)}
}

func toAlpha16(c Color) Color {
	if _, ok := c.(Alpha16); ok {
		return c
	}
	_, _, _, a := c.RGBA()
	return Alpha16{uint16(a)}
}

// luma16 is the ITU-R BT.601 luma of a 16-bit color, scaled by 1<<16.
func luma16(r, g, b uint32) uint32 {
	return 19595*r + 38470*g + 7471*b + 1<<15
}

func toGray(c Color) Color {
	if _, ok := c.(Gray); ok {
		return c
	}
	r, g, b, _ := c.RGBA()
	return Gray{uint8(luma16(r, g, b) >> 24)}
}

func toGray16(c Color) Color {
	if _, ok := c.(Gray16); ok {
		return c
	}
	r, g, b, _ := c.RGBA()
	return Gray16{uint16(luma16(r, g, b) >> 16)}
}

// Palette is a palette of colors.
type Palette []Color

// Convert returns the palette color closest to c in Euclidean R,G,B space.
func (p Palette) Convert(c Color) Color {
	if len(p) == 0 {
		return nil
	}
	return p[p.Index(c)]
}

// Index returns the index of the palette color closest to c in Euclidean
// R,G,B,A space.
func (p Palette) Index(c Color) int {
	cr, cg, cb, ca := c.RGBA()
	best, bestDist := 0, uint32(0xffffffff)
	for i, v := range p {
		vr, vg, vb, va := v.RGBA()
		d := halfSq(cr, vr) + halfSq(cg, vg) + halfSq(cb, vb) + halfSq(ca, va)
		if d < bestDist {
			if d == 0 {
				return i
			}
			best, bestDist = i, d
		}
	}
	return best
}

// halfSq returns the squared difference of x and y, divided by 4 so that
// four of them fit a uint32.
func halfSq(x, y uint32) uint32 {
	d := x - y
	return d * d >> 2
}

// Standard colors.
var (
	Black       = Gray16{0}
	White       = Gray16{0xffff}
	Transparent = Alpha16{0}
	Opaque      = Alpha16{0xffff}
)
