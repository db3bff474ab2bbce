package main

import (
	"fmt"
	"hash/crc32"
	"image/color"
)

func main() {
	// YCbCr round trips over a grid of RGB values.
	h := crc32.NewIEEE()
	for r := 0; r < 256; r += 15 {
		for g := 0; g < 256; g += 17 {
			for b := 0; b < 256; b += 13 {
				y, cb, cr := color.RGBToYCbCr(uint8(r), uint8(g), uint8(b))
				r2, g2, b2 := color.YCbCrToRGB(y, cb, cr)
				c, m, yy, k := color.RGBToCMYK(uint8(r), uint8(g), uint8(b))
				r3, g3, b3 := color.CMYKToRGB(c, m, yy, k)
				h.Write([]byte{y, cb, cr, r2, g2, b2, c, m, yy, k, r3, g3, b3})
			}
		}
	}
	fmt.Printf("conversion crc %08x\n", h.Sum32())
	fmt.Println(color.RGBToYCbCr(255, 0, 0))
	fmt.Println(color.YCbCrToRGB(0, 255, 255))
	fmt.Println(color.YCbCrToRGB(255, 0, 0))
	fmt.Println(color.RGBToCMYK(10, 20, 30))
	fmt.Println(color.CMYKToRGB(10, 20, 30, 40))

	cols := []color.Color{
		color.RGBA{0x80, 0x40, 0x20, 0x80},
		color.RGBA64{0x8000, 0x4000, 0x2000, 0x9000},
		color.NRGBA{0xff, 0x80, 0x10, 0x40},
		color.NRGBA64{0xffff, 0x8000, 0x1000, 0x4000},
		color.Alpha{0x7f},
		color.Alpha16{0x1234},
		color.Gray{0x33},
		color.Gray16{0x3456},
		color.YCbCr{100, 50, 200},
		color.NYCbCrA{color.YCbCr{100, 50, 200}, 0x80},
		color.CMYK{10, 200, 30, 40},
		color.Black, color.White, color.Transparent, color.Opaque,
	}
	models := []struct {
		name string
		m    color.Model
	}{
		{"RGBA", color.RGBAModel}, {"RGBA64", color.RGBA64Model},
		{"NRGBA", color.NRGBAModel}, {"NRGBA64", color.NRGBA64Model},
		{"Alpha", color.AlphaModel}, {"Alpha16", color.Alpha16Model},
		{"Gray", color.GrayModel}, {"Gray16", color.Gray16Model},
		{"YCbCr", color.YCbCrModel}, {"NYCbCrA", color.NYCbCrAModel},
		{"CMYK", color.CMYKModel},
	}
	for _, c := range cols {
		r, g, b, a := c.RGBA()
		fmt.Printf("%T %v -> %04x %04x %04x %04x\n", c, c, r, g, b, a)
		for _, m := range models {
			fmt.Printf("  %s: %v\n", m.name, m.m.Convert(c))
		}
	}
	p := color.Palette{color.Black, color.White, color.RGBA{255, 0, 0, 255}, color.NRGBA{0, 0, 255, 128}}
	for _, c := range cols {
		fmt.Print(p.Index(c), " ")
	}
	fmt.Println(p.Convert(color.RGBA{200, 10, 10, 255}))
	fmt.Println(color.Palette{}.Convert(color.White) == nil)
	m := color.ModelFunc(func(c color.Color) color.Color { return color.Gray{1} })
	fmt.Println(m.Convert(color.White))
}
