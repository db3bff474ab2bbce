package main

import (
	"bytes"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
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

type setter interface {
	image.Image
	Set(x, y int, c color.Color)
}

type pool struct{ b *png.EncoderBuffer }

func (p *pool) Get() *png.EncoderBuffer  { return p.b }
func (p *pool) Put(b *png.EncoderBuffer) { p.b = b }

func main() {
	b := image.Rect(3, 2, 20, 13)
	pal := func(n int, alpha bool) color.Palette {
		p := color.Palette{}
		for i := 0; i < n; i++ {
			a := uint8(255)
			if alpha && i%3 == 1 {
				a = uint8(i * 5)
			}
			p = append(p, color.NRGBA{uint8(i * 37), uint8(i * 91), uint8(255 - i*13), a})
		}
		return p
	}
	mk := []struct {
		name   string
		m      setter
		opaque bool
	}{
		{"rgba", image.NewRGBA(b), false},
		{"rgba-opaque", image.NewRGBA(b), true},
		{"nrgba", image.NewNRGBA(b), false},
		{"nrgba-opaque", image.NewNRGBA(b), true},
		{"rgba64", image.NewRGBA64(b), false},
		{"rgba64-opaque", image.NewRGBA64(b), true},
		{"nrgba64", image.NewNRGBA64(b), false},
		{"gray", image.NewGray(b), true},
		{"gray16", image.NewGray16(b), true},
		{"alpha", image.NewAlpha(b), false},
		{"alpha16", image.NewAlpha16(b), false},
		{"cmyk", image.NewCMYK(b), true},
		{"pal2", image.NewPaletted(b, pal(2, false)), true},
		{"pal4", image.NewPaletted(b, pal(4, true)), false},
		{"pal16", image.NewPaletted(b, pal(16, false)), true},
		{"pal200", image.NewPaletted(b, pal(200, true)), false},
	}
	for _, c := range mk {
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				k := x*x + y*5
				a := uint8(k*29 + 1)
				if c.opaque {
					a = 255
				}
				c.m.Set(x, y, color.NRGBA{uint8(k * 3), uint8(k * 17), uint8(x * y), a})
			}
		}
		for _, level := range []png.CompressionLevel{png.DefaultCompression, png.NoCompression, png.BestSpeed, png.BestCompression} {
			var buf bytes.Buffer
			enc := png.Encoder{CompressionLevel: level}
			if err := enc.Encode(&buf, c.m); err != nil {
				fmt.Println(c.name, "error:", err)
				continue
			}
			data := buf.Bytes()
			d, err := png.Decode(bytes.NewReader(data))
			if err != nil {
				fmt.Println(c.name, "decode error:", err)
				continue
			}
			if level == png.DefaultCompression {
				// The signature and IHDR chunk are fully determined.
				fmt.Printf("%s %x\n  %T %v %s (src %s)\n", c.name, data[8:33], d, d.Bounds(), crc(d), crc(c.m))
			} else {
				fmt.Print("  ", crc(d))
			}
		}
		fmt.Println()
	}
	y := image.NewYCbCr(b, image.YCbCrSubsampleRatio422)
	for i := range y.Y {
		y.Y[i] = uint8(i * 7)
	}
	for i := range y.Cb {
		y.Cb[i], y.Cr[i] = uint8(i*11), uint8(i*3+60)
	}
	var yb bytes.Buffer
	fmt.Println(png.Encode(&yb, y))
	yd, err := png.Decode(&yb)
	fmt.Printf("ycbcr %T %v %s %s\n", yd, err, crc(yd), crc(y))
	// An encoder with a buffer pool, twice.
	p := &pool{}
	enc := &png.Encoder{BufferPool: p}
	for i := 0; i < 2; i++ {
		var buf bytes.Buffer
		err := enc.Encode(&buf, mk[0].m)
		d, _ := png.Decode(&buf)
		fmt.Println("pool", err, crc(d), p.b != nil)
	}
	var buf bytes.Buffer
	fmt.Println(png.Encode(&buf, image.NewRGBA(image.Rect(0, 0, 0, 5))))
	fmt.Println(png.Encode(&buf, image.NewPaletted(image.Rect(0, 0, 2, 2), color.Palette{})))
	fmt.Println(png.FormatError("x"), png.UnsupportedError("y"))
}
