package main

import (
	"bytes"
	"fmt"
	"io"
	"mime/multipart"
	"os"
	"sort"
	"strings"
)

func build() (*bytes.Buffer, string) {
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	w.SetBoundary("BOUNDARY")
	w.WriteField("title", "Hello")
	w.WriteField("tag", "a")
	w.WriteField("tag", "b")
	f, _ := w.CreateFormFile("small", "small.txt")
	io.WriteString(f, "tiny")
	f, _ = w.CreateFormFile("big", "../../etc/big.dat")
	io.WriteString(f, strings.Repeat("B", 5000))
	f, _ = w.CreateFormFile("big2", "big2.dat")
	io.WriteString(f, strings.Repeat("C", 3000))
	f, _ = w.CreateFormFile("empty", "empty.txt")
	w.CreatePart(nil) // no name: skipped
	w.Close()
	return &buf, w.Boundary()
}

func show(form *multipart.Form) {
	keys := make([]string, 0)
	for k := range form.Value {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Printf("value %s=%q\n", k, form.Value[k])
	}
	keys = keys[:0]
	for k := range form.File {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		for _, fh := range form.File[k] {
			f, err := fh.Open()
			if err != nil {
				fmt.Println("open:", err)
				continue
			}
			b, _ := io.ReadAll(f)
			_, isFile := f.(*os.File)
			tail := make([]byte, 3)
			n, _ := f.ReadAt(tail, fh.Size-3)
			pos, _ := f.Seek(1, io.SeekStart)
			f.Close()
			fmt.Printf("file %s: %q size=%d ct=%q read=%d %q pos=%d onDisk=%v\n", k, fh.Filename, fh.Size, fh.Header.Get("Content-Type"), len(b), tail[:n], pos, isFile)
		}
	}
}

func main() {
	buf, boundary := build()
	data := buf.Bytes()

	for _, max := range []int64{1 << 20, 4096, 0, -1} {
		fmt.Println("maxMemory", max)
		r := multipart.NewReader(bytes.NewReader(data), boundary)
		form, err := r.ReadForm(max)
		if err != nil {
			fmt.Println(err)
			continue
		}
		show(form)
		fmt.Println(form.RemoveAll())
		// Files are gone.
		for _, fh := range form.File["big"] {
			_, err := fh.Open()
			fmt.Println("after RemoveAll:", err != nil || fh.Size <= max)
		}
	}

	// Errors.
	r := multipart.NewReader(strings.NewReader("--b\r\nContent-Disposition: form-data; name=\"x\"\r\n\r\nunterminated"), "b")
	form, err := r.ReadForm(1024)
	fmt.Println(form == nil, err)
	r = multipart.NewReader(strings.NewReader("garbage"), "b")
	form, err = r.ReadForm(1024)
	fmt.Println(form == nil, err)
	r = multipart.NewReader(strings.NewReader(""), "b")
	form, err = r.ReadForm(1024)
	fmt.Println(form == nil, err)

	// Too many parts.
	var many bytes.Buffer
	mw := multipart.NewWriter(&many)
	mw.SetBoundary("m")
	for i := 0; i < 1001; i++ {
		mw.WriteField("f", "v")
	}
	mw.Close()
	r = multipart.NewReader(&many, "m")
	form, err = r.ReadForm(1 << 20)
	fmt.Println(form == nil, err, err == multipart.ErrMessageTooLarge)

	// A value larger than the memory budget.
	var large bytes.Buffer
	mw = multipart.NewWriter(&large)
	mw.SetBoundary("l")
	mw.WriteField("v", strings.Repeat("x", 11<<20))
	mw.Close()
	r = multipart.NewReader(&large, "l")
	form, err = r.ReadForm(0)
	fmt.Println(form == nil, err)
}
