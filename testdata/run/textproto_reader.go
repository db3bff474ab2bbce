package main

import (
	"bufio"
	"fmt"
	"io"
	"net/textproto"
	"sort"
	"strings"
)

func reader(s string) *textproto.Reader {
	return textproto.NewReader(bufio.NewReader(strings.NewReader(s)))
}

func showHeader(h textproto.MIMEHeader) {
	keys := make([]string, 0, len(h))
	for k := range h {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Printf("  %q: %q\n", k, h[k])
	}
}

func header(s string) {
	h, err := reader(s).ReadMIMEHeader()
	fmt.Printf("%q: nil=%v len=%d err=%v\n", s, h == nil, len(h), err)
	showHeader(h)
}

func main() {
	r := reader("line1\r\nline2\nline3")
	for {
		l, err := r.ReadLine()
		fmt.Printf("%q %v\n", l, err)
		if err != nil {
			break
		}
	}
	r = reader("bytes\r\n")
	b, err := r.ReadLineBytes()
	fmt.Printf("%q %v\n", b, err)
	b, err = r.ReadLineBytes()
	fmt.Printf("%q %v %v\n", b, b == nil, err)

	r = reader("Line 1\r\n  continued\t\r\n\tagain  \r\nLine 2\r\n\r\nx")
	for i := 0; i < 4; i++ {
		l, err := r.ReadContinuedLine()
		fmt.Printf("%q %v\n", l, err)
	}
	r = reader("a\n b\n")
	cb, err := r.ReadContinuedLineBytes()
	fmt.Printf("%q %v\n", cb, err)

	header("My-Key: Value 1\r\nLong-Key: Even\r\n Longer Value\r\nmy-Key: Value 2\r\n\r\nbody")
	header("Foo: bar\nfoo-BAR: baz\n\n")
	header("Content-Type:text/plain\r\nX-Empty:\r\nX-Spaces:   lots   \r\n\r\n")
	header("Foo Bar: with space\r\n\r\n")
	header(" Leading: space\r\n\r\n")
	header("\tLeading: tab\r\n\r\n")
	header("NoColon\r\n\r\n")
	header(": empty key\r\n\r\n")
	header("Bad(Key): x\r\n\r\n")
	header("Key: bad\x01value\r\n\r\n")
	header("Key: del\x7fvalue\r\n\r\n")
	header("x-lower-key: bad\x01\r\n\r\n")
	header("Key: ok\r\nOther: truncated")
	header("Key: ok\r\n")
	header("")
	header("\r\n")
	header("Key: tab\tinside\r\n\r\n")
	header("Key: high\xffbyte\r\n\r\n")
	header("Key: a\r\nBroken line\r\n\r\n")
	header("content-md5: x\r\nwww-authenticate: y\r\nx-forwarded-for: z\r\n\r\n")

	for _, k := range []string{"content-type", "CONTENT-TYPE", "x-Forwarded-FOR", "", "a b", "foo_bar", "ünicode", "-x-", "x--y", "Ab1-2cD", "key:", "www-authenticate"} {
		fmt.Printf("%q -> %q\n", k, textproto.CanonicalMIMEHeaderKey(k))
	}
	fmt.Printf("%q\n", textproto.TrimString(" \t x y \r\n"))
	fmt.Printf("%q\n", textproto.TrimBytes([]byte("\n z \t")))

	var h textproto.MIMEHeader
	fmt.Printf("%q %q\n", h.Get("x"), h.Values("x"))
	h = make(textproto.MIMEHeader)
	h.Add("x-a", "1")
	h.Add("X-A", "2")
	h.Set("x-b", "3")
	fmt.Println(h.Get("X-a"), h.Values("x-A"), h.Get("x-b"))
	h.Del("x-a")
	fmt.Println(len(h))
	_ = io.EOF
}
