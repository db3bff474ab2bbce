package main

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"strings"
)

func main() {
	data := "abc123!?$*&()'-=@~"
	for _, e := range []*base64.Encoding{base64.StdEncoding, base64.URLEncoding, base64.RawStdEncoding, base64.RawURLEncoding} {
		s := e.EncodeToString([]byte(data))
		d, err := e.DecodeString(s)
		fmt.Println(s, string(d), err, e.EncodedLen(len(data)), e.DecodedLen(len(s)))
	}
	for _, n := range []int{0, 1, 2, 3, 4, 5, 6, 7} {
		src := []byte("hello, world"[:n])
		fmt.Printf("%q %q %q\n", base64.StdEncoding.EncodeToString(src), base64.RawURLEncoding.EncodeToString(src), base64.StdEncoding.AppendEncode([]byte("x:"), src))
	}
	bad := []string{"!!!!", "YWJj=", "YW=j", "YWJ", "Y", "YQ==YQ==", "YQ=", "YQ", "YWJjZA==\n", "YW\nJj\r\nZA==", "YWJjZA=\n=", "YWJjZB==", "YWJjZ===", "====", "YQ==\nx", "QUJD\nREVG==="}
	for _, s := range bad {
		for _, e := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.StdEncoding.Strict()} {
			d, err := e.DecodeString(s)
			var ce base64.CorruptInputError
			fmt.Printf("%q -> %q %v %v\n", s, d, err, errors.As(err, &ce))
		}
	}
	dst := make([]byte, 10)
	n, err := base64.StdEncoding.Decode(dst, []byte("aGVsbG8="))
	fmt.Println(n, err, string(dst[:n]))
	b, err := base64.StdEncoding.AppendDecode([]byte("pre-"), []byte("aGVsbG8gd29ybGQ="))
	fmt.Println(string(b), err)
	custom := base64.NewEncoding("ZYXWVUTSRQPONMLKJIHGFEDCBAzyxwvutsrqponmlkjihgfedcba9876543210+/").WithPadding('*')
	s := custom.EncodeToString([]byte("custom!"))
	d, err := custom.DecodeString(s)
	fmt.Println(s, string(d), err)
	var buf bytes.Buffer
	w := base64.NewEncoder(base64.StdEncoding, &buf)
	for i := 0; i < 10; i++ {
		w.Write([]byte(strings.Repeat("x", i)))
	}
	w.Close()
	fmt.Println(buf.String())
	r := base64.NewDecoder(base64.StdEncoding, strings.NewReader(buf.String()[:20]+"\n"+buf.String()[20:]))
	all, err := io.ReadAll(r)
	fmt.Println(string(all), err)
	r = base64.NewDecoder(base64.StdEncoding, strings.NewReader("aGVsbG8gd29ybGQ=!!"))
	all, err = io.ReadAll(r)
	fmt.Printf("%q %v\n", all, err)
	r = base64.NewDecoder(base64.RawStdEncoding, strings.NewReader("aGVsbG8gd29ybGQ"))
	all, err = io.ReadAll(r)
	fmt.Printf("%q %v\n", all, err)
	r = base64.NewDecoder(base64.StdEncoding, strings.NewReader("aGVsbG8gd29ybG"))
	all, err = io.ReadAll(r)
	fmt.Printf("%q %v\n", all, err)
	for _, p := range []rune{'\n', 'A', 256, -2} {
		func() {
			defer func() { fmt.Println("panic:", recover()) }()
			base64.StdEncoding.WithPadding(p)
		}()
	}
	for _, a := range []string{"short", "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+\n", "AACDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"} {
		func() {
			defer func() { fmt.Println("panic:", recover()) }()
			base64.NewEncoding(a)
		}()
	}
	fmt.Println(base64.CorruptInputError(42).Error())
}
