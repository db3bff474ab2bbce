package main

import (
	"bytes"
	"fmt"
	"io"
	"mime/quotedprintable"
	"strings"
)

func decode(s string) {
	b, err := io.ReadAll(quotedprintable.NewReader(strings.NewReader(s)))
	fmt.Printf("%q -> %q %v\n", s, b, err)
}

func encode(s string, binary bool) {
	var buf bytes.Buffer
	w := quotedprintable.NewWriter(&buf)
	w.Binary = binary
	n, err := w.Write([]byte(s))
	cerr := w.Close()
	fmt.Printf("%q bin=%v -> %q %d %v %v\n", s, binary, buf.String(), n, err, cerr)
}

func main() {
	for _, s := range []string{
		"",
		"foo bar",
		"foo bar=3D",
		"foo bar=3d",
		"foo bar=\n",
		"foo bar=\r\n",
		"foo bar=",
		"foo bar=  \n",
		"foo bar=x\n",
		"foo bar=F",
		"foo bar=FX",
		"=\n",
		"trailing space   \r\nnext",
		"line1\nline2\r\nline3",
		"caf\xe9",
		"ctl\x01",
		"=C3=A9t=C3=A9",
		"soft=\r\nbreak",
		"=0D=0A",
		"a =\t\n b",
	} {
		decode(s)
	}
	for _, s := range []string{
		"",
		"hello",
		"héllo wörld",
		"ends with space ",
		"ends with tab\t",
		"space before newline \nnext",
		"crlf\r\nand lf\nand cr\rend",
		"a=b",
		strings.Repeat("abcdefghij", 20),
		strings.Repeat("é", 40),
		strings.Repeat("x", 74) + "é",
		strings.Repeat("x", 75) + "\n",
	} {
		encode(s, false)
	}
	encode("bin\r\nary\n", true)

	// Writes in pieces keep their state.
	var buf bytes.Buffer
	w := quotedprintable.NewWriter(&buf)
	w.Write([]byte("one \r"))
	w.Write([]byte("\ntwo "))
	w.Write([]byte(strings.Repeat("y", 80)))
	w.Close()
	fmt.Printf("%q\n", buf.String())

	// Small reads.
	r := quotedprintable.NewReader(strings.NewReader("abc=3Ddef=\r\nghi\r\n"))
	p := make([]byte, 2)
	for {
		n, err := r.Read(p)
		fmt.Printf("%q %v\n", p[:n], err)
		if err != nil {
			break
		}
	}
}
