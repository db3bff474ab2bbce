package main

import (
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/color/palette"
	"image/draw"
)

func crc(m image.Image) string {
	h := crc32.NewIEEE()
	b := m.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, a := m.At(x, y).RGBA()
			h.Write([]byte{byte(r >> 8), byte(r), byte(g >> 8), byte(g), byte(bl >> 8), byte(bl), byte(a >> 8), byte(a)})
		}
	}
	return fmt.Sprintf("%08x", h.Sum32())
}

// custom is an image type the package knows nothing about.
type custom struct {
	r    image.Rectangle
	pix  map[image.Point]color.Color
	sets int
}

func (c *custom) ColorModel() color.Model { return color.RGBAModel }
func (c *custom) Bounds() image.Rectangle { return c.r }
func (c *custom) At(x, y int) color.Color {
	if v, ok := c.pix[image.Pt(x, y)]; ok {
		return v
	}
	return color.RGBA{10, 20, 30, 255}
}
func (c *custom) Set(x, y int, v color.Color) {
	c.sets++
	c.pix[image.Pt(x, y)] = color.RGBAModel.Convert(v)
}

func fill(m draw.Image, seed int) {
	b := m.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			k := x*7 + y*13 + seed
			m.Set(x, y, color.NRGBA{uint8(k * 37), uint8(k * 59), uint8(k * 11), uint8(k*23 + 40)})
		}
	}
}

func main() {
	b := image.Rect(0, 0, 6, 5)
	mk := []func() draw.Image{
		func() draw.Image { return image.NewRGBA(b) },
		func() draw.Image { return image.NewNRGBA(b) },
		func() draw.Image { return image.NewRGBA64(b) },
		func() draw.Image { return image.NewNRGBA64(b) },
		func() draw.Image { return image.NewGray(b) },
		func() draw.Image { return image.NewAlpha(b) },
		func() draw.Image { return image.NewCMYK(b) },
		func() draw.Image { return image.NewPaletted(b, palette.WebSafe) },
		func() draw.Image { return &custom{r: b, pix: map[image.Point]color.Color{}} },
	}
	srcs := []image.Image{}
	for _, f := range []func() draw.Image{mk[0], mk[1], mk[3], mk[4]} {
		s := f()
		fill(s, 3)
		srcs = append(srcs, s)
	}
	srcs = append(srcs, image.NewUniform(color.NRGBA{200, 100, 0, 150}))
	yc := image.NewYCbCr(b, image.YCbCrSubsampleRatio420)
	for i := range yc.Y {
		yc.Y[i] = uint8(i * 5)
	}
	for i := range yc.Cb {
		yc.Cb[i], yc.Cr[i] = uint8(i*30), uint8(255-i*20)
	}
	srcs = append(srcs, yc)
	mask := image.NewAlpha(b)
	for i := range mask.Pix {
		mask.Pix[i] = uint8(i * 17)
	}
	masks := []image.Image{nil, mask, image.Rect(2, 1, 4, 4)}
	for di, f := range mk {
		for si, s := range srcs {
			for mi, mk2 := range masks {
				for _, op := range []draw.Op{draw.Over, draw.Src} {
					d := f()
					fill(d, 1)
					draw.DrawMask(d, image.Rect(1, 1, 5, 4), s, image.Pt(0, 1), mk2, image.Pt(1, 0), op)
					fmt.Print(crc(d), " ")
					_ = di
					_ = si
					_ = mi
				}
			}
		}
		fmt.Println()
	}
}
