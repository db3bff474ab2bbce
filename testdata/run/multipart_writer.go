package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/textproto"
	"strings"
)

type failWriter struct{ n int }

func (f *failWriter) Write(p []byte) (int, error) {
	if f.n <= 0 {
		return 0, errors.New("disk full")
	}
	f.n--
	return len(p), nil
}

func main() {
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	fmt.Println(len(w.Boundary()), strings.Trim(w.Boundary(), "0123456789abcdef") == "")
	fmt.Println(w.SetBoundary("my-boundary"))
	fmt.Println(w.FormDataContentType())
	fmt.Println(w.WriteField("name", "Gopher"))
	fmt.Println(w.WriteField("quote\"d\\\r\n", "v"))
	fw, err := w.CreateFormFile("upload", "dir/report \"final\".txt")
	fmt.Println(err)
	io.WriteString(fw, "file body\r\nline 2")
	h := make(textproto.MIMEHeader)
	h.Set("Content-Type", "application/json")
	h.Set("X-B", "2")
	h.Add("X-A", "1")
	h.Add("X-A", "0")
	pw, _ := w.CreatePart(h)
	io.WriteString(pw, `{"a":1}`)
	_, err = fw.Write([]byte("late"))
	fmt.Println(err)
	fmt.Println(w.SetBoundary("other"))
	fmt.Println(w.Close())
	fmt.Printf("%q\n", buf.String())
	fmt.Println(multipart.FileContentDisposition("f", "a\"b.txt"))

	// Round trip.
	r := multipart.NewReader(&buf, "my-boundary")
	form, err := r.ReadForm(1 << 20)
	fmt.Println(err, form.Value, len(form.File["upload"]))

	w2 := multipart.NewWriter(io.Discard)
	for _, b := range []string{"", strings.Repeat("a", 70), strings.Repeat("a", 71), "with space", "trailing ", "bad@char", "ok'()+_,-./:=?"} {
		err := w2.SetBoundary(b)
		fmt.Printf("%q %v", b, err)
		if err == nil {
			fmt.Printf(" %s", w2.FormDataContentType())
		}
		fmt.Println()
	}

	// Write errors.
	w3 := multipart.NewWriter(&failWriter{n: 1})
	p1, err := w3.CreateFormField("a")
	fmt.Println(err)
	_, err = p1.Write([]byte("x"))
	fmt.Println(err)
	_, err = w3.CreateFormField("b")
	fmt.Println(err)
	fmt.Println(w3.Close())
	w4 := multipart.NewWriter(&failWriter{n: 0})
	fmt.Println(w4.Close())
	_, err = w4.CreatePart(nil)
	fmt.Println(err)
}
