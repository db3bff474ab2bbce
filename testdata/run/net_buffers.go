package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
)

// net.Buffers: WriteTo and Read consume what they use.

type limited struct {
	buf bytes.Buffer
	n   int
}

func (l *limited) Write(p []byte) (int, error) {
	if len(p) > l.n {
		p = p[:l.n]
		l.n = 0
		l.buf.Write(p)
		return len(p), errors.New("full")
	}
	l.n -= len(p)
	return l.buf.Write(p)
}

func main() {
	v := net.Buffers{[]byte("hello, "), nil, []byte("buffers"), []byte("!\n")}
	var out bytes.Buffer
	n, err := v.WriteTo(&out)
	fmt.Printf("wrote %d %v %q left=%d\n", n, err, out.String(), len(v))

	v = net.Buffers{[]byte("abc"), []byte("defg"), []byte("hi")}
	p := make([]byte, 4)
	for {
		n, err := v.Read(p)
		fmt.Printf("read %d %q %v left=%d\n", n, p[:n], err, len(v))
		if err != nil {
			break
		}
	}
	n2, err := v.Read(p)
	fmt.Println(n2, err == io.EOF)

	v = net.Buffers{[]byte("12345"), []byte("6789")}
	l := &limited{n: 7}
	n, err = v.WriteTo(l)
	fmt.Printf("wrote %d %v %q left=%q\n", n, err, l.buf.String(), v)

	var all net.Buffers = net.Buffers{[]byte("x"), []byte("yz")}
	b, err := io.ReadAll(&all)
	fmt.Printf("%q %v\n", b, err)
	var _ io.WriterTo = &all
	var _ io.Reader = &all
}
