package main

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"fmt"
	"io"
	"io/fs"
	"strings"
	"time"
)

func main() {
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	fmt.Println(w.SetComment("archive comment"))
	files := []struct{ name, body string }{
		{"readme.txt", "This archive contains some text files."},
		{"gopher.txt", "Gopher names:\nGeorge\nGeoffrey\nGonzo"},
		{"todo/list.txt", strings.Repeat("Get animal handling licence.\n", 50)},
	}
	for _, f := range files {
		fw, err := w.Create(f.name)
		if err != nil {
			panic(err)
		}
		fw.Write([]byte(f.body))
	}
	mod := time.Date(2021, 3, 4, 5, 6, 8, 0, time.UTC)
	hdr := &zip.FileHeader{Name: "stored.bin", Method: zip.Store, Modified: mod, Comment: "file comment"}
	hdr.SetMode(0640)
	fw, _ := w.CreateHeader(hdr)
	fw.Write([]byte{0, 1, 2, 3, 4, 5})
	dw, _ := w.Create("emptydir/")
	_, err := dw.Write([]byte("x"))
	fmt.Println(err)
	_, err = w.CreateHeader(&zip.FileHeader{Name: "odd", Method: 99})
	fmt.Println(err)
	fmt.Println(w.Close())
	fmt.Println(w.Close())

	data := buf.Bytes()
	r, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		panic(err)
	}
	fmt.Println(r.Comment, len(r.File))
	for _, f := range r.File {
		rc, err := f.Open()
		if err != nil {
			fmt.Println(f.Name, err)
			continue
		}
		body, err := io.ReadAll(rc)
		rc.Close()
		fmt.Printf("%s method=%d size=%d crc=%08x flags=%#x mode=%v mod=%v comment=%q err=%v body=%q\n",
			f.Name, f.Method, f.UncompressedSize64, f.CRC32, f.Flags, f.Mode(), f.Modified, f.Comment, err, firstLine(body))
		fi := f.FileInfo()
		fmt.Println(fi.Name(), fi.Size(), fi.IsDir(), fi.Mode())
	}
	// fs.FS view.
	fs.WalkDir(r, ".", func(p string, d fs.DirEntry, err error) error {
		fmt.Println("walk", p, d.IsDir(), err)
		return nil
	})
	b, err := fs.ReadFile(r, "todo/list.txt")
	fmt.Println(len(b), err)
	_, err = r.Open("missing.txt")
	fmt.Println(err)
	_, err = r.Open("../x")
	fmt.Println(err)
	entries, err := fs.ReadDir(r, ".")
	for _, e := range entries {
		fmt.Println("entry", e.Name(), e.IsDir())
	}
	f, _ := r.Open("todo")
	st, _ := f.Stat()
	fmt.Println(st.Name(), st.IsDir(), st.Mode())
	_, err = f.Read(make([]byte, 1))
	fmt.Println(err)

	// Raw access and copying.
	off, err := r.File[0].DataOffset()
	fmt.Println(off, err)
	raw, _ := r.File[3].OpenRaw()
	rb, _ := io.ReadAll(raw)
	fmt.Println(rb)
	var buf2 bytes.Buffer
	w2 := zip.NewWriter(&buf2)
	for _, f := range r.File {
		if err := w2.Copy(f); err != nil {
			fmt.Println("copy:", err)
		}
	}
	w2.Close()
	r2, err := zip.NewReader(bytes.NewReader(buf2.Bytes()), int64(buf2.Len()))
	fmt.Println(err, len(r2.File))
	for _, f := range r2.File {
		rc, _ := f.Open()
		body, err := io.ReadAll(rc)
		fmt.Println(f.Name, len(body), err)
	}

	// Corruption.
	bad := append([]byte(nil), data...)
	i := bytes.Index(bad, []byte("This archive"))
	bad[i] ^= 0x20
	rb2, _ := zip.NewReader(bytes.NewReader(bad), int64(len(bad)))
	for _, f := range rb2.File {
		if f.Name == "stored.bin" {
			continue
		}
		rc, _ := f.Open()
		_, err := io.ReadAll(rc)
		fmt.Println(f.Name, err)
	}
	_, err = zip.NewReader(bytes.NewReader([]byte("not a zip file at all")), 21)
	fmt.Println(err)
	_, err = zip.NewReader(bytes.NewReader(nil), 0)
	fmt.Println(err)
	_, err = zip.NewReader(bytes.NewReader(data), -1)
	fmt.Println(err)
	_, err = zip.NewReader(bytes.NewReader(data[:len(data)-5]), int64(len(data)-5))
	fmt.Println(err)

	// Custom compressor.
	var buf3 bytes.Buffer
	w3 := zip.NewWriter(&buf3)
	w3.RegisterCompressor(zip.Deflate, func(out io.Writer) (io.WriteCloser, error) {
		return flate.NewWriter(out, flate.BestCompression)
	})
	fw3, _ := w3.CreateHeader(&zip.FileHeader{Name: "best.txt", Method: zip.Deflate})
	fw3.Write(bytes.Repeat([]byte("abc"), 1000))
	w3.Close()
	r3, _ := zip.NewReader(bytes.NewReader(buf3.Bytes()), int64(buf3.Len()))
	rc3, _ := r3.File[0].Open()
	b3, err := io.ReadAll(rc3)
	fmt.Println(len(b3), err, r3.File[0].CompressedSize64 < 100)

	// FileInfoHeader.
	fh, err := zip.FileInfoHeader(r.File[3].FileInfo())
	fmt.Println(fh.Name, fh.UncompressedSize64, fh.Mode(), fh.Modified, err)
	fmt.Println(zip.ErrFormat, zip.ErrAlgorithm, zip.ErrChecksum, zip.ErrInsecurePath)
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		w4 := zip.NewWriter(io.Discard)
		w4.Create("a")
		w4.Flush()
		w4.SetOffset(10)
	}()
}

func firstLine(b []byte) string {
	s := string(b)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
