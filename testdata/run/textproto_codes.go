package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/textproto"
	"strings"
)

func reader(s string) *textproto.Reader {
	return textproto.NewReader(bufio.NewReader(strings.NewReader(s)))
}

func main() {
	for _, c := range []struct {
		in     string
		expect int
	}{
		{"220 ready\r\n", 220},
		{"220 ready\r\n", 2},
		{"220 ready\r\n", 22},
		{"220 ready\r\n", 0},
		{"550 no such user\r\n", 2},
		{"550 no such user\r\n", 250},
		{"250-multi\r\n250 done\r\n", 250},
		{"25 short\r\n", 0},
		{"abc\r\n", 0},
		{"abc def\r\n", 0},
		{"099 low\r\n", 0},
		{"2x0 bad\r\n", 0},
		{"", 0},
	} {
		code, msg, err := reader(c.in).ReadCodeLine(c.expect)
		fmt.Printf("code %q %d: %d %q %v", c.in, c.expect, code, msg, err)
		var te *textproto.Error
		var pe textproto.ProtocolError
		if errors.As(err, &te) {
			fmt.Printf(" Error{%d %q}", te.Code, te.Msg)
		}
		if errors.As(err, &pe) {
			fmt.Printf(" ProtocolError")
		}
		fmt.Println()
	}
	for _, c := range []struct {
		in     string
		expect int
	}{
		{"250-first\r\n250-second\r\n250 last\r\n", 250},
		{"250 single\r\n", 2},
		{"250-first\r\n  indented\r\n250 last\r\n", 250},
		{"250-first\r\n251 other\r\n250 last\r\n", 250},
		{"550-first\r\n550 last\r\n", 2},
		{"550 single\r\n", 2},
		{"250-first\r\n", 250},
		{"x\r\n", 0},
	} {
		code, msg, err := reader(c.in).ReadResponse(c.expect)
		fmt.Printf("resp %q %d: %d %q %v\n", c.in, c.expect, code, msg, err)
	}

	// Dot-encoding.
	r := reader("line one\r\n..dotted\r\nline three\n.\r\nafter\r\n")
	b, err := r.ReadDotBytes()
	fmt.Printf("%q %v\n", b, err)
	l, err := r.ReadLine()
	fmt.Printf("%q %v\n", l, err)

	r = reader("a\r\n..b\r\n.\r\nnext\r\n")
	lines, err := r.ReadDotLines()
	fmt.Printf("%q %v\n", lines, err)
	l, err = r.ReadLine()
	fmt.Printf("%q %v\n", l, err)

	r = reader("unterminated\r\n")
	lines, err = r.ReadDotLines()
	fmt.Printf("%q %v\n", lines, err)
	r = reader("unterminated\r\n")
	b, err = r.ReadDotBytes()
	fmt.Printf("%q %v\n", b, err)

	r = reader("x\ry\r\n.x\r\n.\rz\r\n.\r\nrest\r\n")
	dr := r.DotReader()
	p := make([]byte, 3)
	for {
		n, err := dr.Read(p)
		fmt.Printf("%q %v\n", p[:n], err)
		if err != nil {
			break
		}
	}
	// A half-read dot block is skipped by the next method call.
	r = reader("skip\r\nme\r\n.\r\nafter\r\n")
	dr = r.DotReader()
	dr.Read(make([]byte, 2))
	l, err = r.ReadLine()
	fmt.Printf("%q %v\n", l, err)

	// Writer.
	var buf bytes.Buffer
	w := textproto.NewWriter(bufio.NewWriter(&buf))
	fmt.Println(w.PrintfLine("HELO %s", "example.com"))
	dw := w.DotWriter()
	io.WriteString(dw, "line one\n.dot first\r\nbare cr\rend")
	dw.Close()
	dw = w.DotWriter()
	dw.Close()
	dw = w.DotWriter()
	io.WriteString(dw, "ends with newline\n")
	w.PrintfLine("QUIT") // closes the open dot writer first
	dw = w.DotWriter()
	io.WriteString(dw, "ends with cr\r")
	dw.Close()
	fmt.Printf("%q\n", buf.String())

	e := &textproto.Error{Code: 550, Msg: "no \"such\" user"}
	fmt.Println(e.Error())
	fmt.Println(textproto.ProtocolError("bad thing").Error())
}
