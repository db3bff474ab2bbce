package main

import (
	"bytes"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"sort"
	"strings"
)

func newMultipart(url string) *http.Request {
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	w.SetBoundary("xxBOUNDARYxx")
	w.WriteField("name", "gopher")
	w.WriteField("q", "from-body")
	f, _ := w.CreateFormFile("doc", "notes.txt")
	io.WriteString(f, "some notes\n")
	w.Close()
	req, err := http.NewRequest("POST", url, &buf)
	if err != nil {
		panic(err)
	}
	req.Header.Set("Content-Type", w.FormDataContentType())
	return req
}

func keys(m map[string][]string) string {
	ks := make([]string, 0, len(m))
	for k, v := range m {
		ks = append(ks, fmt.Sprintf("%s=%q", k, v))
	}
	sort.Strings(ks)
	return strings.Join(ks, " ")
}

func main() {
	req := newMultipart("http://example.com/upload?q=from-query&x=1")
	fmt.Println(req.FormValue("name"), req.FormValue("q"), req.FormValue("x"), req.PostFormValue("q"), req.PostFormValue("x") == "")
	fmt.Println(keys(req.Form))
	fmt.Println(keys(req.PostForm))
	fmt.Println(keys(req.MultipartForm.Value))
	file, fh, err := req.FormFile("doc")
	fmt.Println(err, fh.Filename, fh.Size, fh.Header.Get("Content-Disposition"))
	b, _ := io.ReadAll(file)
	file.Close()
	fmt.Printf("%q\n", b)
	_, _, err = req.FormFile("missing")
	fmt.Println(err, err == http.ErrMissingFile)
	fmt.Println(req.ParseMultipartForm(10))
	_, err = req.MultipartReader()
	fmt.Println(err)

	// MultipartReader first.
	req = newMultipart("http://example.com/")
	mr, err := req.MultipartReader()
	fmt.Println(err)
	for {
		p, err := mr.NextPart()
		if err != nil {
			fmt.Println(err)
			break
		}
		data, _ := io.ReadAll(p)
		fmt.Printf("%s %q %q\n", p.FormName(), p.FileName(), data)
	}
	_, err = req.MultipartReader()
	fmt.Println(err)
	fmt.Println(req.ParseMultipartForm(1024))
	_, _, err = req.FormFile("doc")
	fmt.Println(err)

	// Not multipart.
	req, _ = http.NewRequest("POST", "http://example.com/?a=1", strings.NewReader("b=2&c=3"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	err = req.ParseMultipartForm(1024)
	fmt.Println(err, err == http.ErrNotMultipart)
	fmt.Println(keys(req.Form), req.MultipartForm == nil)
	_, _, err = req.FormFile("f")
	fmt.Println(err)

	req, _ = http.NewRequest("POST", "http://example.com/", strings.NewReader("b=2"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	fmt.Println(req.FormValue("b"), req.PostFormValue("b"))

	req, _ = http.NewRequest("GET", "http://example.com/?a=1", nil)
	err = req.ParseMultipartForm(1024)
	fmt.Println(err, keys(req.Form))
	_, err = req.MultipartReader()
	fmt.Println(err)

	req, _ = http.NewRequest("POST", "http://example.com/", strings.NewReader("x"))
	req.Header.Set("Content-Type", "multipart/form-data")
	fmt.Println(req.ParseMultipartForm(1024))
	req, _ = http.NewRequest("POST", "http://example.com/", strings.NewReader("x"))
	req.Header.Set("Content-Type", "multipart/mixed; boundary=zz")
	fmt.Println(req.ParseMultipartForm(1024))
	req, _ = http.NewRequest("POST", "http://example.com/", strings.NewReader("--zz--\r\n"))
	req.Header.Set("Content-Type", "multipart/mixed; boundary=zz")
	mr, err = req.MultipartReader()
	fmt.Println(mr != nil, err)
	req, _ = http.NewRequest("POST", "http://example.com/", strings.NewReader("x"))
	req.Header.Set("Content-Type", "multipart/form-data; boundary=zz; bad")
	fmt.Println(req.ParseMultipartForm(1024))
	req, _ = http.NewRequest("POST", "http://example.com/", nil)
	req.Header.Set("Content-Type", "multipart/form-data; boundary=zz")
	fmt.Println(req.ParseMultipartForm(1024))
	req, _ = http.NewRequest("POST", "http://example.com/", strings.NewReader("--zz\r\nbroken"))
	req.Header.Set("Content-Type", "multipart/form-data; boundary=zz")
	fmt.Println(req.ParseMultipartForm(1024))
	fmt.Println(req.FormValue("anything") == "")
}
