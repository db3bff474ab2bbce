package main

import (
	"fmt"
	"image"
	"image/color"
)

func main() {
	r := image.Rect(10, 20, 2, 5)
	s := image.Rect(4, 4, 12, 8)
	fmt.Println(r, s, r.Dx(), r.Dy(), r.Size(), r.Empty())
	fmt.Println(r.Intersect(s), r.Union(s), r.Overlaps(s), r.In(s), s.In(r))
	fmt.Println(r.Add(image.Pt(1, 2)), r.Sub(image.Pt(1, 2)), r.Inset(2), r.Inset(5), r.Inset(-3))
	fmt.Println(image.Rect(0, 0, 0, 5).Eq(image.Rect(3, 3, 3, 3)), r.Eq(r), image.ZR, image.ZP)
	fmt.Println(image.Rectangle{image.Pt(5, 5), image.Pt(1, 1)}.Canon(), image.Rectangle{}.Union(s), s.Intersect(image.Rect(20, 20, 30, 30)))
	p := image.Pt(-7, 23)
	fmt.Println(p, p.Add(image.Pt(1, 1)), p.Sub(image.Pt(1, 1)), p.Mul(3), p.Div(2), p.In(r), p.Mod(s), p.Eq(image.Pt(-7, 23)))
	fmt.Println(image.Pt(4, 6).In(s), s.At(4, 6), s.At(0, 0), s.RGBA64At(5, 5), s.Bounds(), s.ColorModel() == color.Alpha16Model)
	fmt.Printf("%v %+v %#v\n", r, r, p)

	b := image.Rect(-1, -2, 3, 2)
	imgs := []image.Image{
		image.NewRGBA(b), image.NewRGBA64(b), image.NewNRGBA(b), image.NewNRGBA64(b),
		image.NewAlpha(b), image.NewAlpha16(b), image.NewGray(b), image.NewGray16(b),
		image.NewCMYK(b), image.NewPaletted(b, color.Palette{color.Black, color.White, color.RGBA{200, 0, 0, 255}, color.NRGBA{0, 0, 200, 100}}),
	}
	cols := []color.Color{
		color.RGBA{200, 100, 50, 255}, color.NRGBA{200, 100, 50, 128}, color.Gray16{0x1234},
		color.RGBA64{0x8000, 0x4000, 0x2000, 0x8000}, color.CMYK{1, 2, 3, 4}, color.Alpha{77},
		color.YCbCr{80, 90, 100},
	}
	for _, m := range imgs {
		d := m.(interface {
			Set(x, y int, c color.Color)
			SetRGBA64(x, y int, c color.RGBA64)
			RGBA64At(x, y int) color.RGBA64
			Opaque() bool
			SubImage(r image.Rectangle) image.Image
		})
		fmt.Printf("%T opaque=%v", m, d.Opaque())
		k := 0
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				if k%2 == 0 {
					d.Set(x, y, cols[k%len(cols)])
				} else {
					r, g, bb, a := cols[k%len(cols)].RGBA()
					d.SetRGBA64(x, y, color.RGBA64{uint16(r), uint16(g), uint16(bb), uint16(a)})
				}
				k++
			}
		}
		d.Set(100, 100, color.White)
		fmt.Printf(" opaque=%v\n ", d.Opaque())
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				fmt.Print(m.At(x, y), d.RGBA64At(x, y), " ")
			}
		}
		fmt.Println()
		sub := d.SubImage(image.Rect(0, 0, 2, 5))
		fmt.Println(" sub", sub.Bounds(), sub.At(1, 1), sub.At(-1, -1), m.At(50, 50), d.RGBA64At(50, 50))
		empty := d.SubImage(image.Rect(50, 50, 60, 60))
		fmt.Println(" empty", empty.Bounds())
	}
	// Pixel buffers.
	rgba := image.NewRGBA(image.Rect(1, 1, 3, 3))
	rgba.SetRGBA(2, 2, color.RGBA{1, 2, 3, 4})
	fmt.Println(rgba.Pix, rgba.Stride, rgba.PixOffset(2, 2), rgba.RGBAAt(2, 2))
	n64 := image.NewNRGBA64(image.Rect(0, 0, 2, 1))
	n64.SetNRGBA64(1, 0, color.NRGBA64{0x1234, 0x5678, 0x9abc, 0xdef0})
	fmt.Println(n64.Pix, n64.NRGBA64At(1, 0))
	g16 := image.NewGray16(image.Rect(0, 0, 2, 1))
	g16.SetGray16(0, 0, color.Gray16{0xabcd})
	fmt.Println(g16.Pix, g16.Gray16At(0, 0))
	a16 := image.NewAlpha16(image.Rect(0, 0, 2, 1))
	a16.SetAlpha16(1, 0, color.Alpha16{0x0102})
	fmt.Println(a16.Pix, a16.Alpha16At(1, 0), a16.Opaque())

	// YCbCr images.
	for _, ratio := range []image.YCbCrSubsampleRatio{image.YCbCrSubsampleRatio444, image.YCbCrSubsampleRatio422, image.YCbCrSubsampleRatio420, image.YCbCrSubsampleRatio440, image.YCbCrSubsampleRatio411, image.YCbCrSubsampleRatio410, 9} {
		y := image.NewYCbCr(image.Rect(1, 1, 6, 4), ratio)
		for i := range y.Y {
			y.Y[i] = uint8(i * 13)
		}
		for i := range y.Cb {
			y.Cb[i] = uint8(i*29 + 50)
			y.Cr[i] = uint8(200 - i*17)
		}
		fmt.Println(ratio, len(y.Y), len(y.Cb), y.YStride, y.CStride, y.YOffset(3, 2), y.COffset(3, 2), y.At(3, 2), y.YCbCrAt(5, 3), y.RGBA64At(2, 2))
		sub := y.SubImage(image.Rect(2, 2, 5, 4)).(*image.YCbCr)
		fmt.Println(" sub", sub.Bounds(), sub.At(2, 2), sub.At(4, 3), len(sub.Cb))
		a := image.NewNYCbCrA(image.Rect(1, 1, 6, 4), ratio)
		copy(a.Y, y.Y)
		copy(a.Cb, y.Cb)
		copy(a.Cr, y.Cr)
		for i := range a.A {
			a.A[i] = uint8(255 - i*9)
		}
		fmt.Println(" nycbcra", len(a.A), a.AStride, a.AOffset(3, 2), a.At(3, 2), a.NYCbCrAAt(2, 3), a.RGBA64At(4, 2), a.Opaque(), a.Bounds(), a.SubImage(image.Rect(0, 0, 3, 3)).At(2, 2))
	}
	u := image.NewUniform(color.NRGBA{10, 20, 30, 40})
	fmt.Println(u.Bounds(), u.At(5, 5), u.RGBA64At(0, 0), u.Opaque(), u.Convert(color.White), image.Opaque.Opaque(), image.Black.C, image.Transparent.C)
	r1, g1, b1, a1 := u.RGBA()
	fmt.Println(r1, g1, b1, a1, u.ColorModel() == color.Model(u))
	pal := image.NewPaletted(image.Rect(0, 0, 2, 2), nil)
	fmt.Println(pal.At(0, 0), pal.RGBA64At(0, 0), pal.ColorIndexAt(5, 5))
	pal.Palette = color.Palette{color.RGBA{1, 2, 3, 4}}
	pal.SetColorIndex(1, 1, 7)
	fmt.Println(pal.At(9, 9), pal.Pix, pal.Opaque())
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		image.NewRGBA(image.Rect(0, 0, 1<<40, 1<<40))
	}()
}
