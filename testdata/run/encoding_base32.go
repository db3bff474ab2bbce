package main

import (
	"bytes"
	"encoding/base32"
	"fmt"
	"io"
	"strings"
)

func main() {
	for _, s := range []string{"", "f", "fo", "foo", "foob", "fooba", "foobar", "Hello, 世界!"} {
		e := base32.StdEncoding.EncodeToString([]byte(s))
		h := base32.HexEncoding.EncodeToString([]byte(s))
		r := base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString([]byte(s))
		c := base32.StdEncoding.WithPadding('*').EncodeToString([]byte(s))
		d, err := base32.StdEncoding.DecodeString(e)
		d2, err2 := base32.StdEncoding.WithPadding(base32.NoPadding).DecodeString(r)
		fmt.Println(e, h, r, c, string(d), err, string(d2), err2)
	}
	enc := base32.StdEncoding
	fmt.Println(enc.EncodedLen(7), enc.DecodedLen(16), enc.WithPadding(base32.NoPadding).EncodedLen(7), enc.WithPadding(base32.NoPadding).DecodedLen(12))
	bad := []string{"MZXW6===x", "MZXW6", "MZXW6==", "M=======", "MZX=====", "MZXW6YQ=", "MZXW6Y==", "MZ=W6YQ=", "MZXW6!==", "MZXW\n6YTB\r\nOI======", "MZXW6YTBOI======MZXW6YTB", "========", "MZ======MZ======"}
	for _, b := range bad {
		d, err := enc.DecodeString(b)
		fmt.Printf("%q %q %v\n", b, d, err)
		buf := make([]byte, enc.DecodedLen(len(b)))
		n, err := enc.Decode(buf, []byte(b))
		fmt.Println(n, err)
	}
	raw := enc.WithPadding(base32.NoPadding)
	for _, b := range []string{"MZXW6Y", "MZXW6YT", "M", "MZX", "MZXW6YTBOI"} {
		d, err := raw.DecodeString(b)
		fmt.Printf("%q %q %v\n", b, d, err)
	}
	fmt.Println(string(enc.AppendEncode([]byte("x:"), []byte("hi"))))
	ad, err := enc.AppendDecode([]byte("y:"), []byte("NBUQ===="))
	fmt.Println(string(ad), err)
	custom := base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567")
	fmt.Println(custom.EncodeToString([]byte("custom")))

	var buf bytes.Buffer
	w := base32.NewEncoder(base32.StdEncoding, &buf)
	for i := 0; i < 50; i++ {
		fmt.Fprintf(w, "line %d;", i)
	}
	w.Close()
	fmt.Println(buf.String())
	r := base32.NewDecoder(base32.StdEncoding, strings.NewReader(buf.String()[:100]+"\n"+buf.String()[100:]))
	all, err := io.ReadAll(r)
	fmt.Println(string(all), err)
	r = base32.NewDecoder(base32.StdEncoding, strings.NewReader("MZXW6YTBOI=====x"))
	all, err = io.ReadAll(r)
	fmt.Printf("%q %v\n", all, err)
	r = base32.NewDecoder(base32.StdEncoding, strings.NewReader("MZXW6YT"))
	all, err = io.ReadAll(r)
	fmt.Printf("%q %v\n", all, err)
	r = base32.NewDecoder(base32.StdEncoding.WithPadding(base32.NoPadding), strings.NewReader("MZXW6YTBOI"))
	all, err = io.ReadAll(r)
	fmt.Printf("%q %v\n", all, err)
	func() {
		defer func() { fmt.Println("panic:", recover()) }()
		base32.NewEncoding("abc")
	}()
	func() {
		defer func() { fmt.Println("panic:", recover()) }()
		base32.StdEncoding.WithPadding('A')
	}()
	var ce base32.CorruptInputError = 5
	fmt.Println(ce.Error())
}
