package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

// chunky returns at most 3 bytes per Read.
type chunky struct{ s string }

func (c *chunky) Read(p []byte) (int, error) {
	if c.s == "" {
		return 0, io.EOF
	}
	n := copy(p[:min(len(p), 3)], c.s)
	c.s = c.s[n:]
	return n, nil
}

func main() {
	r := bufio.NewReaderSize(&chunky{"hello, wide world\nsecond line that is long\r\nend"}, 16)
	fmt.Println(r.Size(), r.Buffered())
	p, err := r.Peek(5)
	fmt.Printf("%q %v %d\n", p, err, r.Buffered())
	p, err = r.Peek(20)
	fmt.Printf("%q %v\n", p, err)
	n, err := r.Discard(7)
	fmt.Println(n, err)
	b, err := r.ReadByte()
	fmt.Printf("%c %v %v\n", b, err, r.UnreadByte())
	fmt.Println(r.UnreadByte())
	ru, size, err := r.ReadRune()
	fmt.Println(string(ru), size, err, r.UnreadRune(), r.UnreadRune())
	line, err := r.ReadSlice('\n')
	fmt.Printf("%q %v\n", line, err)
	for {
		l, isPrefix, err := r.ReadLine()
		fmt.Printf("%q %v %v\n", l, isPrefix, err)
		if err != nil {
			break
		}
	}
	_, err = r.Peek(-1)
	fmt.Println(err)

	r2 := bufio.NewReader(strings.NewReader("a,b,,c"))
	for {
		s, err := r2.ReadString(',')
		fmt.Printf("%q %v\n", s, err)
		if err != nil {
			break
		}
	}
	r3 := bufio.NewReaderSize(&chunky{strings.Repeat("x", 40) + "\nyz"}, 16)
	bs, err := r3.ReadBytes('\n')
	fmt.Println(len(bs), err)
	var sb strings.Builder
	m, err := r3.WriteTo(&sb)
	fmt.Println(m, err, sb.String())
	r3.Reset(strings.NewReader("again"))
	all, _ := io.ReadAll(r3)
	fmt.Println(string(all), bufio.NewReaderSize(r3, 8) == r3)

	// Scanner
	sc := bufio.NewScanner(strings.NewReader("one two  three\nfour"))
	sc.Split(bufio.ScanWords)
	for sc.Scan() {
		fmt.Printf("[%s]", sc.Text())
	}
	fmt.Println(sc.Err())
	sc = bufio.NewScanner(strings.NewReader("1,2,STOP,3"))
	sc.Split(func(data []byte, atEOF bool) (int, []byte, error) {
		i := bytes.IndexByte(data, ',')
		if i < 0 {
			if atEOF && len(data) > 0 {
				return len(data), data, nil
			}
			return 0, nil, nil
		}
		if string(data[:i]) == "STOP" {
			return i + 1, []byte("last"), bufio.ErrFinalToken
		}
		return i + 1, data[:i], nil
	})
	for sc.Scan() {
		fmt.Printf("<%s>", sc.Text())
	}
	fmt.Println(sc.Err())
	sc = bufio.NewScanner(strings.NewReader(strings.Repeat("z", 100) + "\nok\n"))
	sc.Buffer(make([]byte, 10), 50)
	for sc.Scan() {
		fmt.Println(sc.Text())
	}
	fmt.Println(sc.Err(), errors.Is(sc.Err(), bufio.ErrTooLong))
	sc = bufio.NewScanner(strings.NewReader("abc"))
	sc.Split(func(data []byte, atEOF bool) (int, []byte, error) { return 5, nil, nil })
	fmt.Println(sc.Scan(), sc.Err())
	sc = bufio.NewScanner(strings.NewReader("héllo"))
	sc.Split(bufio.ScanRunes)
	for sc.Scan() {
		fmt.Print(sc.Text(), "|")
	}
	fmt.Println()
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		sc.Buffer(nil, 10)
	}()

	// Writer
	w := bufio.NewWriterSize(os.Stdout, 8)
	fmt.Println(w.Size(), w.Available())
	w.WriteString("abc")
	w.WriteRune('é')
	w.WriteByte('!')
	fmt.Fprintln(os.Stdout, "(buffered:", w.Buffered(), ")")
	w.Flush()
	fmt.Println()
	ab := w.AvailableBuffer()
	ab = append(ab, "xyz\n"...)
	w.Write(ab)
	nn, err := w.ReadFrom(strings.NewReader("from reader\n"))
	fmt.Fprintln(os.Stderr, nn, err)
	w.Flush()
	var buf bytes.Buffer
	w.Reset(&buf)
	w.WriteString("into buffer")
	w.Flush()
	fmt.Println(buf.String())
	rw := bufio.NewReadWriter(bufio.NewReader(strings.NewReader("rw in")), bufio.NewWriter(&buf))
	s, _ := rw.ReadString('\n')
	rw.WriteString(" / " + s)
	rw.Flush()
	fmt.Println(buf.String())
}
