package main

import (
	"bytes"
	"compress/lzw"
	"fmt"
	"hash/crc32"
	"io"
	"strings"
)

func main() {
	inputs := [][]byte{
		nil,
		[]byte("a"),
		[]byte("TOBEORNOTTOBEORTOBEORNOT#"),
		[]byte(strings.Repeat("abcabcabd", 50)),
	}
	big := make([]byte, 20000)
	seed := uint32(9)
	for i := range big {
		seed = seed*1664525 + 1013904223
		big[i] = byte(seed>>28) + 'a'
	}
	inputs = append(inputs, big)
	for _, order := range []lzw.Order{lzw.LSB, lzw.MSB} {
		for _, in := range inputs {
			var b bytes.Buffer
			w := lzw.NewWriter(&b, order, 8)
			w.Write(in)
			w.Close()
			comp := b.Bytes()
			shown := comp
			if len(shown) > 24 {
				shown = shown[:24]
			}
			r := lzw.NewReader(bytes.NewReader(comp), order, 8)
			out, err := io.ReadAll(r)
			r.Close()
			fmt.Printf("order=%d in=%d comp=%d crc=%08x %x ok=%v %v\n", order, len(in), len(comp), crc32.ChecksumIEEE(comp), shown, bytes.Equal(out, in), err)
		}
	}
	// Narrow literals.
	for lw := 2; lw <= 7; lw++ {
		in := make([]byte, 3000)
		for i := range in {
			in[i] = byte((i*i + i/7) % (1 << lw))
		}
		var b bytes.Buffer
		w := lzw.NewWriter(&b, lzw.LSB, lw)
		n, err := w.Write(in)
		w.Close()
		out, err2 := io.ReadAll(lzw.NewReader(&b, lzw.LSB, lw))
		fmt.Println(lw, n, err, b.Len(), crc32.ChecksumIEEE(out), bytes.Equal(in, out), err2)
	}
	// Errors.
	var b bytes.Buffer
	w := lzw.NewWriter(&b, lzw.LSB, 2)
	_, err := w.Write([]byte{1, 2, 3, 4})
	fmt.Println(err, w.Close())
	w = lzw.NewWriter(&b, lzw.LSB, 9)
	_, err = w.Write([]byte{1})
	fmt.Println(err)
	w = lzw.NewWriter(&b, lzw.Order(5), 8)
	_, err = w.Write([]byte{1})
	fmt.Println(err)
	_, err = io.ReadAll(lzw.NewReader(bytes.NewReader([]byte{0xff, 0xff, 0xff}), lzw.LSB, 8))
	fmt.Println(err)
	_, err = io.ReadAll(lzw.NewReader(bytes.NewReader([]byte{0x00}), lzw.LSB, 8))
	fmt.Println(err)
	_, err = io.ReadAll(lzw.NewReader(bytes.NewReader(nil), lzw.MSB, 1))
	fmt.Println(err)
	r := lzw.NewReader(bytes.NewReader(nil), lzw.MSB, 8)
	r.Close()
	_, err = r.Read(make([]byte, 4))
	fmt.Println(err)
	w = lzw.NewWriter(&b, lzw.LSB, 8)
	w.Close()
	_, err = w.Write([]byte{1})
	fmt.Println(err, w.Close())
	// Reset.
	var lr lzw.Reader
	var lwr lzw.Writer
	b.Reset()
	lwr.Reset(&b, lzw.MSB, 6)
	lwr.Write([]byte{1, 2, 3, 1, 2, 3, 1, 2, 3})
	lwr.Close()
	fmt.Printf("%x\n", b.Bytes())
	lr.Reset(&b, lzw.MSB, 6)
	out, err := io.ReadAll(&lr)
	fmt.Println(out, err)
}
