package main

import (
	"bufio"
	"fmt"
	"io"
	"mime/multipart"
	"net/textproto"
	"sort"
	"strings"
)

// oneByte reads one byte at a time.
type oneByte struct{ r io.Reader }

func (o oneByte) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	return o.r.Read(p[:1])
}

func main() {
	in := "Host: example.com\r\nX-Long: " + strings.Repeat("v", 100) + "\r\n" +
		"X-Folded: first\r\n   second\r\n\tthird\r\nx-dup: 1\r\nX-Dup: 2\r\n\r\nbody"
	for _, size := range []int{16, 64, 4096} {
		br := bufio.NewReaderSize(oneByte{strings.NewReader(in)}, size)
		r := textproto.NewReader(br)
		h, err := r.ReadMIMEHeader()
		keys := make([]string, 0)
		for k := range h {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		fmt.Println(size, err, len(h))
		for _, k := range keys {
			fmt.Printf("  %s=%q\n", k, h[k])
		}
		rest, _ := io.ReadAll(br)
		fmt.Printf("  rest=%q\n", rest)
	}

	long := strings.Repeat("L", 10000)
	r := textproto.NewReader(bufio.NewReaderSize(strings.NewReader(long+"\r\n "+long+"\r\nnext\r\n"), 16))
	l, err := r.ReadContinuedLine()
	fmt.Println(len(l), err)
	l, err = r.ReadLine()
	fmt.Println(l, err)

	body := "--zz\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n" + strings.Repeat("data\r\n-", 50) +
		"\r\n--zz\r\nContent-Disposition: form-data; name=\"b\"\r\n\r\n\r\n--zz--\r\n"
	mr := multipart.NewReader(oneByte{strings.NewReader(body)}, "zz")
	form, err := mr.ReadForm(100)
	fmt.Println(err, len(form.Value["a"][0]), form.Value["b"])
}
