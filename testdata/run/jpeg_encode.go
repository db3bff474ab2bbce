// Encoding JPEG images (the bytes Go writes, then decoded again), and
// decoding small hand-built 3- and 4-component files: CMYK and YCCK with
// an Adobe APP14 segment, RGB by component ids, restart markers.
package main

import (
	"bytes"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
)

type bitWriter struct {
	out   []byte
	acc   uint32
	nbits uint
}

func (w *bitWriter) put(v uint32, n uint) {
	for i := int(n) - 1; i >= 0; i-- {
		w.acc = w.acc<<1 | (v>>uint(i))&1
		w.nbits++
		if w.nbits == 8 {
			w.out = append(w.out, byte(w.acc))
			if byte(w.acc) == 0xff {
				w.out = append(w.out, 0)
			}
			w.acc, w.nbits = 0, 0
		}
	}
}

func (w *bitWriter) flush() {
	for w.nbits != 0 {
		w.put(1, 1)
	}
}

func segment(out []byte, marker byte, body ...byte) []byte {
	n := len(body) + 2
	out = append(out, 0xff, marker, byte(n>>8), byte(n))
	return append(out, body...)
}

// build makes a 16x8 baseline file (two MCUs) with one 8x8 block per
// component and MCU, each block holding only a DC value: dcs[c][mcu].
// The DC table codes one category, 8, with the one-bit code 0; the AC
// table codes only EOB, with the one-bit code 0.
func build(ids []byte, adobe int, restart bool, dcs [][2]int) []byte {
	out := []byte{0xff, 0xd8}
	if adobe >= 0 {
		out = segment(out, 0xee, 'A', 'd', 'o', 'b', 'e', 0, 100, 0, 0, 0, 0, byte(adobe))
	}
	q := make([]byte, 65)
	for i := 1; i < 65; i++ {
		q[i] = 1
	}
	out = segment(out, 0xdb, q...)
	sof := []byte{8, 0, 8, 0, 16, byte(len(ids))}
	for _, id := range ids {
		sof = append(sof, id, 0x11, 0)
	}
	out = segment(out, 0xc0, sof...)
	dht := []byte{0x00, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 8}
	dht = append(dht, 0x10, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
	out = segment(out, 0xc4, dht...)
	if restart {
		out = segment(out, 0xdd, 0, 1)
	}
	sos := []byte{byte(len(ids))}
	for _, id := range ids {
		sos = append(sos, id, 0x00)
	}
	sos = append(sos, 0, 63, 0)
	out = segment(out, 0xda, sos...)
	var w bitWriter
	prev := make([]int, len(ids))
	for mcu := 0; mcu < 2; mcu++ {
		if mcu == 1 && restart {
			w.flush()
			out = append(out, w.out...)
			out = append(out, 0xff, 0xd0)
			w = bitWriter{}
			for i := range prev {
				prev[i] = 0
			}
		}
		for c := range ids {
			diff := dcs[c][mcu] - prev[c]
			prev[c] = dcs[c][mcu]
			w.put(0, 1) // category 8
			if diff < 0 {
				diff += 255
			}
			w.put(uint32(diff), 8)
			w.put(0, 1) // EOB
		}
	}
	w.flush()
	out = append(out, w.out...)
	return append(out, 0xff, 0xd9)
}

func sum(p []byte) uint32 { return crc32.ChecksumIEEE(p) }

func main() {
	// Hand-built files.
	dcs := [][2]int{{200, -150}, {-130, 180}, {140, 250}, {-255, 128}}
	for _, f := range []struct {
		name    string
		ids     []byte
		adobe   int
		restart bool
	}{
		{"cmyk", []byte{1, 2, 3, 4}, 0, false},
		{"ycck", []byte{1, 2, 3, 4}, 2, true},
		{"4comp-no-adobe", []byte{1, 2, 3, 4}, -1, false},
		{"ycbcr", []byte{1, 2, 3}, -1, true},
		{"rgb-ids", []byte{'R', 'G', 'B'}, -1, false},
		{"rgb-adobe", []byte{1, 2, 3}, 0, false},
	} {
		data := build(f.ids, f.adobe, f.restart, dcs[:len(f.ids)])
		m, err := jpeg.Decode(bytes.NewReader(data))
		if err != nil {
			fmt.Println(f.name, "error:", err)
			continue
		}
		fmt.Printf("%s: %T %v", f.name, m, m.Bounds())
		for _, x := range []int{0, 7, 8, 15} {
			fmt.Printf(" %v", m.At(x, 3))
		}
		cfg, err := jpeg.DecodeConfig(bytes.NewReader(data))
		fmt.Println(" config:", cfg.ColorModel == color.CMYKModel, cfg.ColorModel == color.RGBAModel, cfg.ColorModel == color.YCbCrModel, err)
	}

	// Encoding.
	rgba := image.NewRGBA(image.Rect(3, 2, 3+21, 2+13))
	for y := 2; y < 15; y++ {
		for x := 3; x < 24; x++ {
			rgba.Set(x, y, color.RGBA{uint8(x * 11), uint8(y * 17), uint8((x * y) % 256), 255})
		}
	}
	gray := image.NewGray(image.Rect(0, 0, 19, 9))
	for i := range gray.Pix {
		gray.Pix[i] = uint8(i * 7)
	}
	ycc := image.NewYCbCr(image.Rect(0, 0, 17, 18), image.YCbCrSubsampleRatio422)
	for i := range ycc.Y {
		ycc.Y[i] = uint8(i * 3)
	}
	for i := range ycc.Cb {
		ycc.Cb[i] = uint8(100 + i%50)
		ycc.Cr[i] = uint8(200 - i%70)
	}
	nrgba := image.NewNRGBA(image.Rect(0, 0, 9, 16))
	for i := range nrgba.Pix {
		nrgba.Pix[i] = uint8(i*5 + i/7)
	}
	imgs := []image.Image{rgba, gray, ycc, nrgba, rgba.SubImage(image.Rect(5, 5, 12, 9))}
	for i, m := range imgs {
		qs := []int{-5, 50, 100}
		if i == 0 {
			qs = append(qs, 1, 75)
		}
		for _, q := range qs {
			var buf bytes.Buffer
			var o *jpeg.Options
			if q != 75 {
				o = &jpeg.Options{Quality: q}
			}
			if err := jpeg.Encode(&buf, m, o); err != nil {
				fmt.Println(err)
				continue
			}
			d, err := jpeg.Decode(bytes.NewReader(buf.Bytes()))
			s := ""
			if err != nil {
				s = err.Error()
			} else {
				s = fmt.Sprintf("%T %v %v %v", d, d.Bounds(), d.At(1, 1), d.At(d.Bounds().Dx()-1, d.Bounds().Dy()-1))
			}
			fmt.Printf("img%d q=%d len=%d crc=%08x %s\n", i, q, buf.Len(), sum(buf.Bytes()), s)
			if i == 1 && q == 50 {
				fmt.Printf("% x\n", buf.Bytes()[:40])
			}
		}
	}
	var buf bytes.Buffer
	fmt.Println(jpeg.Encode(&buf, image.NewGray(image.Rect(0, 0, 1, 70000)), nil), buf.Len())
	fmt.Println(jpeg.FormatError("x"), jpeg.UnsupportedError("y"), jpeg.DefaultQuality)
	var r jpeg.Reader = bytes.NewReader(nil)
	_, err := jpeg.Decode(r)
	fmt.Println(err)
}
