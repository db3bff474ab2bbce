package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"strings"
	"testing/iotest"
)

type noSeek struct{ r io.Reader }

func (n noSeek) Read(p []byte) (int, error) { return n.r.Read(p) }

type badReader struct{ data []byte }

func (b *badReader) Read(p []byte) (int, error) {
	if len(b.data) == 0 {
		return 0, io.EOF
	}
	n := copy(p, b.data)
	b.data = b.data[n:]
	if n > 1 {
		p[0] = 'X'
	}
	return n, nil
}

func main() {
	content := []byte("hello, testing world")
	fmt.Println(iotest.TestReader(strings.NewReader(string(content)), content))
	fmt.Println(iotest.TestReader(bytes.NewReader(content), content))
	fmt.Println(iotest.TestReader(noSeek{strings.NewReader("abc")}, []byte("abc")))
	fmt.Println(iotest.TestReader(noSeek{strings.NewReader("abc")}, []byte("abd")))
	fmt.Println(iotest.TestReader(&badReader{[]byte("abcdef")}, []byte("abcdef")))
	fmt.Println(iotest.TestReader(strings.NewReader(""), nil))
	fmt.Println(iotest.TestReader(iotest.ErrReader(errors.New("boom")), []byte("x")))

	buf := make([]byte, 10)
	r := iotest.OneByteReader(strings.NewReader("xyz"))
	for i := 0; i < 5; i++ {
		n, err := r.Read(buf)
		fmt.Print(n, " ", err, " ", string(buf[:n]), "; ")
	}
	fmt.Println()
	h := iotest.HalfReader(strings.NewReader("0123456789abcdef"))
	for i := 0; i < 4; i++ {
		n, err := h.Read(buf)
		fmt.Print(n, " ", err, " ", string(buf[:n]), "; ")
	}
	fmt.Println()
	d := iotest.DataErrReader(strings.NewReader("last"))
	n, err := d.Read(buf)
	fmt.Println(n, err, string(buf[:n]))
	t := iotest.TimeoutReader(strings.NewReader("abcdef"))
	for i := 0; i < 3; i++ {
		n, err := t.Read(buf[:2])
		fmt.Print(n, " ", err, "; ")
	}
	fmt.Println(err == nil, iotest.ErrTimeout)
	e := iotest.ErrReader(io.ErrUnexpectedEOF)
	fmt.Println(e.Read(buf))
	fmt.Println(io.ReadAll(e))

	var out bytes.Buffer
	w := iotest.TruncateWriter(&out, 5)
	fmt.Println(w.Write([]byte("abc")))
	fmt.Println(w.Write([]byte("defgh")))
	fmt.Println(w.Write([]byte("ijk")))
	fmt.Println(out.String())

	log.SetFlags(0)
	log.SetOutput(os.Stdout)
	lr := iotest.NewReadLogger("read:", strings.NewReader("hi"))
	io.ReadAll(lr)
	var sink bytes.Buffer
	lw := iotest.NewWriteLogger("write:", &sink)
	fmt.Fprintf(lw, "yo %d", 42)
	lw2 := iotest.NewWriteLogger("trunc:", iotest.TruncateWriter(&sink, 0))
	lw2.Write([]byte{0xde, 0xad})
	fmt.Println(sink.String())
}
