package color

// clampShift shifts a 16.16 fixed-point value right by shift after
// clamping it to [0, 0xffffff]: negative values give 0, values too large
// give all ones (masked to the result's width by the caller).
func clampShift(v int32, shift uint) int32 {
	if uint32(v)&0xff000000 == 0 {
		return v >> shift
	}
	return ^(v >> 31)
}

// RGBToYCbCr converts an RGB triple to a Y'CbCr triple (JFIF's formulas).
func RGBToYCbCr(r, g, b uint8) (uint8, uint8, uint8) {
	ri, gi, bi := int32(r), int32(g), int32(b)
	y := (19595*ri + 38470*gi + 7471*bi + 1<<15) >> 16
	cb := clampShift(-11056*ri-21712*gi+32768*bi+257<<15, 16)
	cr := clampShift(32768*ri-27440*gi-5328*bi+257<<15, 16)
	return uint8(y), uint8(cb), uint8(cr)
}

// ycc16 gives the three 16.16 fixed-point R, G, B sums of a Y'CbCr color.
func ycc16(y, cb, cr uint8) (int32, int32, int32) {
	yy := int32(y) * 0x10101
	u := int32(cb) - 128
	v := int32(cr) - 128
	return yy + 91881*v, yy - 22554*u - 46802*v, yy + 116130*u
}

// YCbCrToRGB converts a Y'CbCr triple to an RGB triple.
func YCbCrToRGB(y, cb, cr uint8) (uint8, uint8, uint8) {
	r, g, b := ycc16(y, cb, cr)
	return uint8(clampShift(r, 16)), uint8(clampShift(g, 16)), uint8(clampShift(b, 16))
}

// YCbCr represents a fully opaque 24-bit Y'CbCr color.
type YCbCr struct {
	Y, Cb, Cr uint8
}

func yccRGBA16(y, cb, cr uint8) (uint32, uint32, uint32) {
	r, g, b := ycc16(y, cb, cr)
	return uint32(clampShift(r, 8) & 0xffff), uint32(clampShift(g, 8) & 0xffff), uint32(clampShift(b, 8) & 0xffff)
}

func (c YCbCr) RGBA() (uint32, uint32, uint32, uint32) {
	r, g, b := yccRGBA16(c.Y, c.Cb, c.Cr)
	return r, g, b, 0xffff
}

// YCbCrModel is the Model for Y'CbCr colors.
var YCbCrModel Model = ModelFunc(toYCbCr)

func toYCbCr(c Color) Color {
	if _, ok := c.(YCbCr); ok {
		return c
	}
	r, g, b, _ := c.RGBA()
	y, u, v := RGBToYCbCr(uint8(r>>8), uint8(g>>8), uint8(b>>8))
	return YCbCr{y, u, v}
}

// NYCbCrA represents a non-alpha-premultiplied Y'CbCr-with-alpha color.
type NYCbCrA struct {
	YCbCr
	A uint8
}

func (c NYCbCrA) RGBA() (uint32, uint32, uint32, uint32) {
	r, g, b := yccRGBA16(c.Y, c.Cb, c.Cr)
	a := uint32(c.A) * 0x101
	return r * a / 0xffff, g * a / 0xffff, b * a / 0xffff, a
}

// NYCbCrAModel is the Model for non-alpha-premultiplied Y'CbCr-with-alpha colors.
var NYCbCrAModel Model = ModelFunc(toNYCbCrA)

func toNYCbCrA(c Color) Color {
	switch v := c.(type) {
	case NYCbCrA:
		return v
	case YCbCr:
		return NYCbCrA{v, 0xff}
	}
	r, g, b, a := c.RGBA()
	if a != 0 {
		r = r * 0xffff / a
		g = g * 0xffff / a
		b = b * 0xffff / a
	}
	y, u, v := RGBToYCbCr(uint8(r>>8), uint8(g>>8), uint8(b>>8))
	return NYCbCrA{YCbCr{y, u, v}, uint8(a >> 8)}
}

// RGBToCMYK converts an RGB triple to a CMYK quadruple.
func RGBToCMYK(r, g, b uint8) (uint8, uint8, uint8, uint8) {
	rr, gg, bb := uint32(r), uint32(g), uint32(b)
	w := max(rr, gg, bb)
	if w == 0 {
		return 0, 0, 0, 0xff
	}
	return uint8((w - rr) * 0xff / w), uint8((w - gg) * 0xff / w), uint8((w - bb) * 0xff / w), uint8(0xff - w)
}

func cmyk16(c, m, y, k uint8) (uint32, uint32, uint32) {
	w := 0xffff - uint32(k)*0x101
	return (0xffff - uint32(c)*0x101) * w / 0xffff, (0xffff - uint32(m)*0x101) * w / 0xffff, (0xffff - uint32(y)*0x101) * w / 0xffff
}

// CMYKToRGB converts a CMYK quadruple to an RGB triple.
func CMYKToRGB(c, m, y, k uint8) (uint8, uint8, uint8) {
	r, g, b := cmyk16(c, m, y, k)
	return uint8(r >> 8), uint8(g >> 8), uint8(b >> 8)
}

// CMYK represents a fully opaque CMYK color.
type CMYK struct {
	C, M, Y, K uint8
}

func (c CMYK) RGBA() (uint32, uint32, uint32, uint32) {
	r, g, b := cmyk16(c.C, c.M, c.Y, c.K)
	return r, g, b, 0xffff
}

// CMYKModel is the Model for CMYK colors.
var CMYKModel Model = ModelFunc(toCMYK)

func toCMYK(c Color) Color {
	if _, ok := c.(CMYK); ok {
		return c
	}
	r, g, b, _ := c.RGBA()
	cc, mm, yy, kk := RGBToCMYK(uint8(r>>8), uint8(g>>8), uint8(b>>8))
	return CMYK{cc, mm, yy, kk}
}
