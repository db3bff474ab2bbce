package main

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/png"
)

func chunk(name string, data []byte) []byte {
	var b bytes.Buffer
	binary.Write(&b, binary.BigEndian, uint32(len(data)))
	b.WriteString(name)
	b.Write(data)
	binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(append([]byte(name), data...)))
	return b.Bytes()
}

func ihdr(w, h uint32, depth, ct, interlace byte) []byte {
	var b bytes.Buffer
	binary.Write(&b, binary.BigEndian, w)
	binary.Write(&b, binary.BigEndian, h)
	b.Write([]byte{depth, ct, 0, 0, interlace})
	return chunk("IHDR", b.Bytes())
}

func z(raw []byte) []byte {
	var b bytes.Buffer
	w := zlib.NewWriter(&b)
	w.Write(raw)
	w.Close()
	return b.Bytes()
}

func file(parts ...[]byte) []byte {
	out := []byte("\x89PNG\r\n\x1a\n")
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

func try(name string, data []byte) {
	m, err := png.Decode(bytes.NewReader(data))
	cfg, cerr := png.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		fmt.Printf("%-14s %v | config %dx%d %v\n", name, err, cfg.Width, cfg.Height, cerr)
		return
	}
	fmt.Printf("%-14s %T %v %v | config %dx%d %v\n", name, m, m.Bounds(), m.At(0, 0), cfg.Width, cfg.Height, cerr)
}

func main() {
	gray := z([]byte{0, 10, 20, 1, 5, 5, 2, 1, 1, 3, 9, 9, 4, 7, 7})
	iend := chunk("IEND", nil)
	try("ok", file(ihdr(2, 5, 8, 0, 0), chunk("IDAT", gray), iend))
	try("unknown", file(ihdr(2, 5, 8, 0, 0), chunk("abCd", []byte("hello")), chunk("IDAT", gray), chunk("zzZz", nil), iend))
	try("idat-first", file(chunk("IDAT", gray), iend))
	try("no-ihdr-end", file(iend))
	try("two-ihdr", file(ihdr(2, 5, 8, 0, 0), ihdr(2, 5, 8, 0, 0)))
	try("bad-ihdr-len", file(chunk("IHDR", []byte{1, 2, 3})))
	try("depth-3", file(ihdr(2, 5, 3, 0, 0)))
	try("rgb-depth-4", file(ihdr(2, 5, 4, 2, 0)))
	try("ct-5", file(ihdr(2, 5, 8, 5, 0)))
	try("interlace-2", file(ihdr(2, 5, 8, 0, 2)))
	try("zero-width", file(ihdr(0, 5, 8, 0, 0)))
	try("huge", file(ihdr(1<<31, 5, 8, 0, 0)))
	try("plte-gray", file(ihdr(2, 5, 8, 0, 0), chunk("PLTE", []byte{1, 2, 3})))
	try("plte-bad-len", file(ihdr(2, 5, 8, 3, 0), chunk("PLTE", []byte{1, 2, 3, 4})))
	try("plte-too-big", file(ihdr(2, 5, 1, 3, 0), chunk("PLTE", []byte{1, 2, 3, 4, 5, 6, 7, 8, 9})))
	try("pal-no-plte", file(ihdr(2, 5, 8, 3, 0), chunk("IDAT", gray), iend))
	try("trns-len", file(ihdr(2, 5, 8, 0, 0), chunk("tRNS", []byte{1, 2, 3}), chunk("IDAT", gray), iend))
	try("trns-ga", file(ihdr(2, 5, 8, 4, 0), chunk("tRNS", []byte{1, 2})))
	try("trns-pal-late", file(ihdr(2, 5, 8, 3, 0), chunk("PLTE", []byte{1, 2, 3}), chunk("IDAT", gray), chunk("tRNS", []byte{1})))
	try("plte-late", file(ihdr(2, 5, 8, 2, 0), chunk("tRNS", []byte{0, 1, 0, 2, 0, 3}), chunk("PLTE", []byte{1, 2, 3})))
	try("bad-filter", file(ihdr(2, 5, 8, 0, 0), chunk("IDAT", z([]byte{0, 1, 2, 7, 1, 1, 0, 1, 1, 0, 1, 1, 0, 1, 1})), iend))
	try("short-data", file(ihdr(2, 5, 8, 0, 0), chunk("IDAT", z([]byte{0, 1, 2, 0, 1, 1})), iend))
	try("long-data", file(ihdr(2, 5, 8, 0, 0), chunk("IDAT", z(make([]byte, 40))), iend))
	try("no-iend", file(ihdr(2, 5, 8, 0, 0), chunk("IDAT", gray)))
	try("iend-len", file(ihdr(2, 5, 8, 0, 0), chunk("IDAT", gray), chunk("IEND", []byte{1})))
	try("idat-garbage", file(ihdr(2, 5, 8, 0, 0), chunk("IDAT", []byte{1, 2, 3, 4, 5, 6}), iend))
	try("extra-idat", file(ihdr(2, 5, 8, 0, 0), chunk("IDAT", gray), chunk("tEXt", []byte("a\x00b")), chunk("IDAT", []byte{9, 9}), iend))
	bad := file(ihdr(2, 5, 8, 0, 0), chunk("IDAT", gray), iend)
	bad[len(bad)-1] ^= 0xff
	try("bad-iend-crc", bad)
	d := gray[:len(gray)-2]
	try("idat-split", file(ihdr(2, 5, 8, 0, 0), chunk("IDAT", d[:3]), chunk("IDAT", nil), chunk("IDAT", append(d[3:], gray[len(gray)-2:]...)), iend))
	pal := file(ihdr(3, 1, 2, 3, 0), chunk("PLTE", []byte{255, 0, 0, 0, 255, 0}), chunk("tRNS", []byte{128}), chunk("IDAT", z([]byte{0, 0x1b})), iend)
	try("pal-2bit", pal)
	m, _ := png.Decode(bytes.NewReader(pal))
	p := m.(*image.Paletted)
	fmt.Println(p.Palette, p.Pix)
	_, name, err := image.DecodeConfig(bytes.NewReader(pal))
	fmt.Println(name, err)
}
