package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"sort"
	"strings"
)

func dump(body, boundary string) {
	fmt.Printf("== %q\n", boundary)
	r := multipart.NewReader(strings.NewReader(body), boundary)
	for {
		p, err := r.NextPart()
		if err != nil {
			fmt.Println("next:", err, err == io.EOF)
			return
		}
		keys := make([]string, 0)
		for k := range p.Header {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			fmt.Printf("  %s: %q\n", k, p.Header[k])
		}
		data, err := io.ReadAll(p)
		fmt.Printf("  form=%q file=%q data=%q err=%v\n", p.FormName(), p.FileName(), data, err)
	}
}

func main() {
	body := "preamble line\r\n" +
		"--XyZ\r\n" +
		"Content-Disposition: form-data; name=\"field\"\r\n" +
		"\r\n" +
		"value one\r\n" +
		"--XyZ\r\n" +
		"Content-Disposition: form-data; name=\"upload\"; filename=\"/tmp/dir/a.txt\"\r\n" +
		"Content-Type: text/plain\r\n" +
		"\r\n" +
		"file\r\ncontent --XyZ not a boundary\r\n" +
		"--XyZ\r\n" +
		"Content-Disposition: attachment; filename=\"b.bin\"\r\n" +
		"Content-Transfer-Encoding: quoted-printable\r\n" +
		"\r\n" +
		"caf=C3=A9=\r\n au lait\r\n" +
		"--XyZ\r\n" +
		"\r\n" +
		"no headers\r\n" +
		"--XyZ--\r\n" +
		"epilogue"
	dump(body, "XyZ")

	// Bare \n line ends.
	dump("--b\nA: 1\n\none\n--b\nA: 2\n\ntwo\n--b--\n", "b")
	// Final boundary without newline; empty part.
	dump("--b\r\n\r\n\r\n--b--", "b")
	// Boundary with trailing blanks.
	dump("--b  \r\nX: y\r\n\r\ndata\r\n--b-- \r\n", "b")
	// Errors.
	dump("--b\r\nX: y\r\n\r\ndata without end", "b")
	dump("--b\r\nBad Header\r\n\r\ndata\r\n--b--\r\n", "b")
	dump("nothing here", "b")
	dump("", "b")
	dump("--\r\n", "")
	dump("--b\r\n\r\none\r\n--b\r\ngarbage\r\n", "b")

	// Parts not read are skipped; NextRawPart keeps quoted-printable.
	r := multipart.NewReader(strings.NewReader(body), "XyZ")
	for {
		p, err := r.NextRawPart()
		if err != nil {
			fmt.Println(err)
			break
		}
		if p.Header.Get("Content-Transfer-Encoding") != "" {
			b, _ := io.ReadAll(p)
			fmt.Printf("raw %q\n", b)
		}
		fmt.Println(p.Close())
	}

	// Small reads over a small buffer.
	big := strings.Repeat("0123456789", 1000)
	r = multipart.NewReader(strings.NewReader("--q\r\n\r\n"+big+"\r\n--q--\r\n"), "q")
	p, _ := r.NextPart()
	var got bytes.Buffer
	buf := make([]byte, 7)
	for {
		n, err := p.Read(buf)
		got.Write(buf[:n])
		if err != nil {
			fmt.Println(got.Len(), got.String() == big, err)
			break
		}
	}
	fmt.Println(errors.Is(multipart.ErrMessageTooLarge, multipart.ErrMessageTooLarge), multipart.ErrMessageTooLarge)
}
