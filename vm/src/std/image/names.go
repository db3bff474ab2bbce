package image

import (
	"image/color"
)

// Uniform is an infinite-sized Image of uniform color.
type Uniform struct {
	C color.Color
}

func (c *Uniform) RGBA() (r, g, b, a uint32) { return c.C.RGBA() }

func (c *Uniform) ColorModel() color.Model { return c }

func (c *Uniform) Convert(color.Color) color.Color { return c.C }

func (c *Uniform) Bounds() Rectangle {
	return Rectangle{Point{-1e9, -1e9}, Point{1e9, 1e9}}
}

func (c *Uniform) At(x, y int) color.Color { return c.C }

func (c *Uniform) RGBA64At(x, y int) color.RGBA64 {
	r, g, b, a := c.C.RGBA()
	return color.RGBA64{uint16(r), uint16(g), uint16(b), uint16(a)}
}

// Opaque scans the entire image and reports whether it is fully opaque.
func (c *Uniform) Opaque() bool {
	_, _, _, a := c.C.RGBA()
	return a == 0xffff
}

// NewUniform returns a new Uniform image of the given color.
func NewUniform(c color.Color) *Uniform {
	return &Uniform{c}
}

var (
	Black       = NewUniform(color.Black)
	White       = NewUniform(color.White)
	Transparent = NewUniform(color.Transparent)
	Opaque      = NewUniform(color.Opaque)
)
