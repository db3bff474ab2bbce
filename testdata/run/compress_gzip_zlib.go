package main

import (
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"fmt"
	"io"
	"strings"
	"time"
)

// Go's gzip and zlib output for short texts.
var gz = []byte{0x1f, 0x8b, 0x8, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0xff, 0x0, 0x12, 0x0, 0xed, 0xff, 0x68, 0x65, 0x6c, 0x6c, 0x6f, 0x2c, 0x20, 0x67, 0x7a, 0x69, 0x70, 0x20, 0x77, 0x6f, 0x72, 0x6c, 0x64, 0xa, 0x3, 0x0, 0xe0, 0x7b, 0x8d, 0x5, 0x12, 0x0, 0x0, 0x0}
var zl = []byte{0x78, 0x9c, 0x0, 0x12, 0x0, 0xed, 0xff, 0x68, 0x65, 0x6c, 0x6c, 0x6f, 0x2c, 0x20, 0x7a, 0x6c, 0x69, 0x62, 0x20, 0x77, 0x6f, 0x72, 0x6c, 0x64, 0xa, 0x3, 0x0, 0x3e, 0xe3, 0x6, 0x64}

func readGzip(b []byte) {
	r, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		fmt.Println("NewReader:", err)
		return
	}
	out, err := io.ReadAll(r)
	fmt.Printf("%q %v %v\n", out, err, r.Close())
}

func readZlib(b []byte, dict []byte) {
	r, err := zlib.NewReaderDict(bytes.NewReader(b), dict)
	if err != nil {
		fmt.Println("NewReader:", err)
		return
	}
	out, err := io.ReadAll(r)
	fmt.Printf("%q %v %v\n", out, err, r.Close())
}

func flip(b []byte, i int) []byte {
	c := append([]byte(nil), b...)
	c[i] ^= 1
	return c
}

func main() {
	readGzip(gz)
	readGzip(gz[:5])
	readGzip(gz[:12])
	readGzip(gz[:30])
	readGzip(gz[:len(gz)-3])
	readGzip(flip(gz, 0))
	readGzip(flip(gz, 2))
	readGzip(flip(gz, len(gz)-5))
	readGzip(flip(gz, len(gz)-2))
	readGzip(flip(gz, 20))
	readGzip(nil)
	readGzip(append(append([]byte(nil), gz...), gz...))
	readGzip(append(append([]byte(nil), gz...), "junk"...))

	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Name = "naïve.txt"
	w.Comment = "made by a test"
	w.Extra = []byte{1, 2, 3}
	w.ModTime = time.Date(2024, 5, 6, 7, 8, 9, 0, time.UTC)
	w.OS = 3
	for i := 0; i < 1000; i++ {
		fmt.Fprintf(w, "%d bottles of beer on the wall\n", i)
	}
	fmt.Println(w.Flush(), w.Close(), w.Close())
	_, err := w.Write([]byte("late"))
	fmt.Println(err)
	r, err := gzip.NewReader(&b)
	fmt.Println(err, r.Name, r.Comment, r.Extra, r.ModTime.UTC(), r.OS)
	out, err := io.ReadAll(r)
	fmt.Println(len(out), err, strings.Count(string(out), "\n"))

	// Multistream off: one member at a time.
	b.Reset()
	for _, s := range []string{"one", "two", "three"} {
		w := gzip.NewWriter(&b)
		w.Name = s + ".txt"
		w.Write([]byte(s))
		w.Close()
	}
	r, _ = gzip.NewReader(&b)
	for {
		r.Multistream(false)
		out, err := io.ReadAll(r)
		fmt.Printf("%s %q %v\n", r.Name, out, err)
		if err := r.Reset(&b); err != nil {
			fmt.Println("reset:", err)
			break
		}
	}
	_, err = gzip.NewWriterLevel(nil, 11)
	fmt.Println(err)
	w2 := gzip.NewWriter(&b)
	w2.Name = "世界"
	_, err = w2.Write([]byte("x"))
	fmt.Println(err)
	b.Reset()
	w3, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	w3.Close()
	fmt.Printf("% x\n", b.Bytes()[:10])
	r, err = gzip.NewReader(&b)
	out, err = io.ReadAll(r)
	fmt.Printf("%q %v %v %v\n", out, err, r.ModTime.IsZero(), r.OS)
	w3.Reset(&b)
	w3.Write([]byte("reset writer"))
	w3.Close()
	r, _ = gzip.NewReader(&b)
	out, err = io.ReadAll(r)
	fmt.Printf("%q %v\n", out, err)

	// zlib.
	readZlib(zl, nil)
	readZlib(zl[:1], nil)
	readZlib(zl[:10], nil)
	readZlib(zl[:len(zl)-2], nil)
	readZlib(flip(zl, 0), nil)
	readZlib(flip(zl, 1), nil)
	readZlib(flip(zl, len(zl)-1), nil)
	readZlib(nil, nil)
	b.Reset()
	zw := zlib.NewWriter(&b)
	zw.Write([]byte(strings.Repeat("zlib ", 1000)))
	fmt.Println(zw.Close())
	fmt.Printf("% x\n", b.Bytes()[:2])
	readZlib(b.Bytes(), nil)
	dict := []byte("zlib dictionary words")
	for _, lvl := range []int{-2, -1, 0, 1, 3, 6, 9} {
		b.Reset()
		zw, err := zlib.NewWriterLevelDict(&b, lvl, dict)
		zw.Write([]byte("words of the zlib dictionary"))
		zw.Close()
		fmt.Printf("%v % x ", err, b.Bytes()[:6])
		readZlib(b.Bytes(), dict)
	}
	readZlib(b.Bytes(), nil)
	readZlib(b.Bytes(), []byte("other"))
	_, err = zlib.NewWriterLevel(nil, -5)
	fmt.Println(err)
	zr, _ := zlib.NewReader(bytes.NewReader(zl))
	io.ReadAll(zr)
	fmt.Println(zr.(zlib.Resetter).Reset(bytes.NewReader(zl), nil))
	out, err = io.ReadAll(zr)
	fmt.Printf("%q %v\n", out, err)
	fmt.Println(gzip.ErrChecksum, gzip.ErrHeader, zlib.ErrChecksum, zlib.ErrDictionary, zlib.ErrHeader)
}
