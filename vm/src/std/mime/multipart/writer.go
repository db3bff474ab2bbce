package multipart

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand"
	"net/textproto"
	"sort"
	"strings"
)

// A Writer writes a multipart body.
type Writer struct {
	w        io.Writer
	boundary string
	last     *part
}

// NewWriter returns a Writer writing to w, with a random boundary.
func NewWriter(w io.Writer) *Writer {
	return &Writer{w: w, boundary: randomBoundary()}
}

// Boundary returns the Writer's boundary.
func (w *Writer) Boundary() string {
	return w.boundary
}

// SetBoundary replaces the random boundary; it must be called before
// any part is created, and boundary must be 1 to 70 characters of RFC
// 2046's bchars.
func (w *Writer) SetBoundary(boundary string) error {
	if w.last != nil {
		return errors.New("mime: SetBoundary called after write")
	}
	if len(boundary) < 1 || len(boundary) > 70 {
		return errors.New("mime: invalid boundary length")
	}
	for i := 0; i < len(boundary); i++ {
		c := boundary[i]
		if 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' {
			continue
		}
		if strings.IndexByte("'()+_,-./:=?", c) >= 0 || c == ' ' && i != len(boundary)-1 {
			continue
		}
		return errors.New("mime: invalid boundary character")
	}
	w.boundary = boundary
	return nil
}

// FormDataContentType returns the Content-Type of an HTTP
// multipart/form-data body with this Writer's boundary.
func (w *Writer) FormDataContentType() string {
	b := w.boundary
	if strings.ContainsAny(b, `()<>@,;:\"/[]?= `) {
		b = `"` + b + `"`
	}
	return "multipart/form-data; boundary=" + b
}

// randomBoundary returns 60 random hex digits. Go draws them from
// crypto/rand, which minigo lacks: minigo uses math/rand.
func randomBoundary() string {
	var b [30]byte
	for i := range b {
		b[i] = byte(rand.Intn(256))
	}
	return fmt.Sprintf("%x", b[:])
}

// CreatePart starts a part with the given header and returns its
// writer; the previous part is ended.
func (w *Writer) CreatePart(header textproto.MIMEHeader) (io.Writer, error) {
	if w.last != nil {
		if err := w.last.close(); err != nil {
			return nil, err
		}
	}
	var b bytes.Buffer
	if w.last != nil {
		b.WriteString("\r\n")
	}
	b.WriteString("--")
	b.WriteString(w.boundary)
	b.WriteString("\r\n")
	keys := make([]string, 0, len(header))
	for k := range header {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		for _, v := range header[k] {
			b.WriteString(k)
			b.WriteString(": ")
			b.WriteString(v)
			b.WriteString("\r\n")
		}
	}
	b.WriteString("\r\n")
	if _, err := io.Copy(w.w, &b); err != nil {
		return nil, err
	}
	p := &part{mw: w}
	w.last = p
	return p, nil
}

var quoteEscaper = strings.NewReplacer("\\", "\\\\", `"`, "\\\"", "\r", "%0D", "\n", "%0A")

// CreateFormFile starts a file part of a form (Content-Type
// application/octet-stream).
func (w *Writer) CreateFormFile(fieldname, filename string) (io.Writer, error) {
	h := make(textproto.MIMEHeader)
	h.Set("Content-Disposition", FileContentDisposition(fieldname, filename))
	h.Set("Content-Type", "application/octet-stream")
	return w.CreatePart(h)
}

// CreateFormField starts a field part of a form.
func (w *Writer) CreateFormField(fieldname string) (io.Writer, error) {
	h := make(textproto.MIMEHeader)
	h.Set("Content-Disposition", `form-data; name="`+quoteEscaper.Replace(fieldname)+`"`)
	return w.CreatePart(h)
}

// FileContentDisposition returns the Content-Disposition of a file part
// of a form.
func FileContentDisposition(fieldname, filename string) string {
	return `form-data; name="` + quoteEscaper.Replace(fieldname) + `"; filename="` + quoteEscaper.Replace(filename) + `"`
}

// WriteField writes a field part of a form.
func (w *Writer) WriteField(fieldname, value string) error {
	p, err := w.CreateFormField(fieldname)
	if err != nil {
		return err
	}
	_, err = p.Write([]byte(value))
	return err
}

// Close ends the last part and writes the final boundary.
func (w *Writer) Close() error {
	if w.last != nil {
		if err := w.last.close(); err != nil {
			return err
		}
		w.last = nil
	}
	_, err := fmt.Fprintf(w.w, "\r\n--%s--\r\n", w.boundary)
	return err
}

type part struct {
	mw     *Writer
	closed bool
	we     error // the last write error
}

func (p *part) close() error {
	p.closed = true
	return p.we
}

func (p *part) Write(d []byte) (n int, err error) {
	if p.closed {
		return 0, errors.New("multipart: can't write to finished part")
	}
	n, err = p.mw.w.Write(d)
	if err != nil {
		p.we = err
	}
	return
}
