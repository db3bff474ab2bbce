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
	for _, f := range mk[:7] {
		s := f()
		fill(s, 3)
		srcs = append(srcs, s)
	}
	srcs = append(srcs, image.NewUniform(color.NRGBA{200, 100, 0, 150}), image.NewUniform(color.RGBA{0, 80, 160, 255}))
	yc := image.NewYCbCr(b, image.YCbCrSubsampleRatio420)
	for i := range yc.Y {
		yc.Y[i] = uint8(i * 5)
	}
	for i := range yc.Cb {
		yc.Cb[i], yc.Cr[i] = uint8(i*30), uint8(255-i*20)
	}
	srcs = append(srcs, yc)
	// Overlapping self-copies.
	for _, sp := range []image.Point{{0, 0}, {2, 1}, {1, 0}, {3, 3}} {
		for _, f := range mk[:4] {
			d := f()
			fill(d, 5)
			draw.Draw(d, image.Rect(1, 1, 7, 6), d, sp, draw.Src)
			fmt.Print(crc(d), " ")
			d = f()
			fill(d, 5)
			draw.Draw(d, image.Rect(1, 1, 7, 6), d, sp, draw.Over)
			fmt.Print(crc(d), " ")
		}
		fmt.Println()
	}
	// Clipping and sub-images.
	d := image.NewRGBA(b)
	draw.Draw(d, image.Rect(-5, -5, 4, 3), image.NewUniform(color.RGBA{255, 0, 0, 255}), image.Pt(-2, -2), draw.Src)
	sub := d.SubImage(image.Rect(3, 2, 8, 7)).(*image.RGBA)
	draw.Draw(sub, sub.Bounds(), srcs[1], image.Pt(0, 0), draw.Over)
	fmt.Println(crc(d), d.Pix[:12])
	// Floyd-Steinberg onto palettes.
	for _, pal := range []color.Palette{palette.Plan9, palette.WebSafe, {color.Black, color.White}, {color.Black, color.White, color.RGBA{255, 0, 0, 255}, color.Transparent}} {
		p := image.NewPaletted(b, pal)
		draw.FloydSteinberg.Draw(p, b, srcs[0], image.Point{})
		fmt.Println(len(pal), crc(p), p.Pix[:9])
		q := image.NewPaletted(b, pal)
		draw.Draw(q, b, srcs[0], image.Point{}, draw.Src)
		fmt.Println(" ", crc(q), q.Pix[:9])
	}
	c := &custom{r: b, pix: map[image.Point]color.Color{}}
	draw.FloydSteinberg.Draw(c, image.Rect(0, 0, 4, 4), srcs[1], image.Point{})
	fmt.Println("custom", crc(c), c.sets)
	draw.Src.Draw(c, b, image.Transparent, image.Point{})
	fmt.Println("custom", crc(c), c.sets, draw.Over, draw.Src)
}
