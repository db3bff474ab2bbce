// Package multipart (mime/multipart) as minigo provides it, in Go: MIME
// multipart bodies (RFC 2046) and HTTP forms (RFC 2388). NextPart and
// NextRawPart limit a part's header to 10000 lines; ReadForm limits a
// form to 1000 parts and 10000 header lines in all.
package multipart

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"mime"
	"mime/quotedprintable"
	"net/textproto"
	"path/filepath"
	"strings"
)

var noParams = make(map[string]string)

// A Part is one part of a multipart body.
type Part struct {
	// Header is the part's header; Content-Transfer-Encoding
	// quoted-printable is removed once the Reader decodes it.
	Header textproto.MIMEHeader

	mr *Reader

	disposition string
	dispParams  map[string]string

	// r reads the part's data: raw, or decoded.
	r io.Reader

	n       int   // bytes of data known to be waiting in the buffer
	total   int64 // bytes of data read so far
	err     error // returned once n is 0
	readErr error // the error of the last fill of the buffer
}

// FormName returns the name parameter of a form-data
// Content-Disposition, or "".
func (p *Part) FormName() string {
	if p.dispParams == nil {
		p.parseDisposition()
	}
	if p.disposition != "form-data" {
		return ""
	}
	return p.dispParams["name"]
}

// FileName returns the base name of the filename parameter of the
// Content-Disposition, or "".
func (p *Part) FileName() string {
	if p.dispParams == nil {
		p.parseDisposition()
	}
	name := p.dispParams["filename"]
	if name == "" {
		return ""
	}
	return filepath.Base(name)
}

func (p *Part) parseDisposition() {
	var err error
	p.disposition, p.dispParams, err = mime.ParseMediaType(p.Header.Get("Content-Disposition"))
	if err != nil {
		p.dispParams = noParams
	}
}

// NewReader returns a Reader of the multipart body r with the given
// boundary (the boundary parameter of a Content-Type).
func NewReader(r io.Reader, boundary string) *Reader {
	b := []byte("\r\n--" + boundary + "--")
	return &Reader{
		br:               bufio.NewReaderSize(&stickyReader{r: r}, 4096),
		nl:               b[:2],
		nlDashBoundary:   b[:len(b)-2],
		dashBoundaryDash: b[2:],
		dashBoundary:     b[2 : len(b)-2],
	}
}

// stickyReader returns its first error forever after.
type stickyReader struct {
	r   io.Reader
	err error
}

func (r *stickyReader) Read(p []byte) (int, error) {
	if r.err != nil {
		return 0, r.err
	}
	n, err := r.r.Read(p)
	r.err = err
	return n, err
}

// headerTooLarge reports whether h, read under the limits maxSize and
// maxLines, breaks them as textproto's header reader counts.
func headerTooLarge(h textproto.MIMEHeader, maxSize, maxLines int64) bool {
	for k, vs := range h {
		maxSize -= int64(len(k)) + 200
		maxLines -= int64(len(vs))
		for _, v := range vs {
			maxSize -= int64(len(v))
		}
	}
	return maxSize < 0 || maxLines < 0
}

func newPart(mr *Reader, raw bool, maxSize, maxLines int64) (*Part, error) {
	p := &Part{Header: make(map[string][]string), mr: mr}
	h, err := textproto.NewReader(mr.br).ReadMIMEHeader()
	if err == nil && headerTooLarge(h, maxSize, maxLines) {
		err = ErrMessageTooLarge
	}
	if err != nil {
		return nil, err
	}
	p.Header = h
	p.r = partReader{p}
	if !raw {
		const cte = "Content-Transfer-Encoding"
		if strings.EqualFold(p.Header.Get(cte), "quoted-printable") {
			p.Header.Del(cte)
			p.r = quotedprintable.NewReader(p.r)
		}
	}
	return p, nil
}

// Read reads the part's data, up to its boundary.
func (p *Part) Read(d []byte) (n int, err error) {
	return p.r.Read(d)
}

// partReader reads a part's raw data.
type partReader struct {
	p *Part
}

func (pr partReader) Read(d []byte) (int, error) {
	p := pr.p
	br := p.mr.br
	for p.n == 0 && p.err == nil {
		buf, _ := br.Peek(br.Buffered())
		p.n, p.err = scanPart(buf, string(p.mr.dashBoundary), string(p.mr.nlDashBoundary), p.total, p.readErr)
		if p.n == 0 && p.err == nil {
			// Need more input to decide.
			_, p.readErr = br.Peek(len(buf) + 1)
			if p.readErr == io.EOF {
				p.readErr = io.ErrUnexpectedEOF
			}
		}
	}
	if p.n == 0 {
		return 0, p.err
	}
	n := len(d)
	if n > p.n {
		n = p.n
	}
	n, _ = br.Read(d[:n])
	p.total += int64(n)
	p.n -= n
	if p.n == 0 {
		return n, p.err
	}
	return n, nil
}

// scanPart returns how many bytes of buf are part data, and the error
// to return after them (io.EOF at the part's boundary). total is how
// much of the part was read already; readErr, the buffer's last error.
// It works on a string copy of buf, to scan it with native searches.
func scanPart(b []byte, dashBoundary, nlDashBoundary string, total int64, readErr error) (int, error) {
	buf := string(b)
	if total == 0 {
		// At the start, the boundary may come without its newline (an
		// empty part after another boundary line).
		if strings.HasPrefix(buf, dashBoundary) {
			switch boundaryEnds(buf, dashBoundary, readErr) {
			case -1:
				return len(dashBoundary), nil
			case 0:
				return 0, nil
			case +1:
				return 0, io.EOF
			}
		}
		if strings.HasPrefix(dashBoundary, buf) {
			return 0, readErr
		}
	}
	if i := strings.Index(buf, nlDashBoundary); i >= 0 {
		switch boundaryEnds(buf[i:], nlDashBoundary, readErr) {
		case -1:
			return i + len(nlDashBoundary), nil
		case 0:
			return i, nil
		case +1:
			return i, io.EOF
		}
	}
	if strings.HasPrefix(nlDashBoundary, buf) {
		return 0, readErr
	}
	// Keep back a tail that may begin the boundary.
	if i := strings.LastIndexByte(buf, nlDashBoundary[0]); i >= 0 && strings.HasPrefix(nlDashBoundary, buf[i:]) {
		return i, nil
	}
	return len(buf), readErr
}

// boundaryEnds tells, for buf beginning with the boundary prefix, whether
// it is a boundary (+1), is not (-1), or more input is needed (0).
func boundaryEnds(buf, prefix string, readErr error) int {
	if len(buf) == len(prefix) {
		if readErr != nil {
			return +1
		}
		return 0
	}
	c := buf[len(prefix)]
	if c == ' ' || c == '\t' || c == '\r' || c == '\n' {
		return +1
	}
	if c == '-' {
		// "--" ends the last part.
		if len(buf) == len(prefix)+1 {
			if readErr != nil {
				return -1
			}
			return 0
		}
		if buf[len(prefix)+1] == '-' {
			return +1
		}
	}
	return -1
}

// Close discards the rest of the part.
func (p *Part) Close() error {
	io.Copy(io.Discard, p)
	return nil
}

// A Reader iterates over the parts of a multipart body.
type Reader struct {
	br *bufio.Reader

	current   *Part
	partsRead int

	nl               []byte // "\r\n", or "\n" once the first boundary line ends so
	nlDashBoundary   []byte // nl + "--boundary"
	dashBoundaryDash []byte // "--boundary--"
	dashBoundary     []byte // "--boundary"
}

const (
	maxHeaderSize  = 10 << 20
	maxHeaderLines = 10000
)

// NextPart returns the next part, or io.EOF after the last. A part with
// Content-Transfer-Encoding quoted-printable is decoded, and that header
// removed.
func (r *Reader) NextPart() (*Part, error) {
	return r.nextPart(false, maxHeaderSize, maxHeaderLines)
}

// NextRawPart is NextPart without the quoted-printable decoding.
func (r *Reader) NextRawPart() (*Part, error) {
	return r.nextPart(true, maxHeaderSize, maxHeaderLines)
}

func (r *Reader) nextPart(raw bool, maxSize, maxLines int64) (*Part, error) {
	if r.current != nil {
		r.current.Close()
	}
	if string(r.dashBoundary) == "--" {
		return nil, fmt.Errorf("multipart: boundary is empty")
	}
	expectPart := false
	for {
		line, err := r.br.ReadSlice('\n')
		if err == io.EOF && r.isFinalBoundary(line) {
			// The final boundary without its newline.
			return nil, io.EOF
		}
		if err != nil {
			return nil, fmt.Errorf("multipart: NextPart: %w", err)
		}
		if r.isBoundaryLine(line) {
			r.partsRead++
			p, err := newPart(r, raw, maxSize, maxLines)
			if err != nil {
				return nil, err
			}
			r.current = p
			return p, nil
		}
		if r.isFinalBoundary(line) {
			return nil, io.EOF
		}
		if expectPart {
			return nil, fmt.Errorf("multipart: expecting a new Part; got line %q", string(line))
		}
		if r.partsRead == 0 {
			// The preamble.
			continue
		}
		if bytes.Equal(line, r.nl) {
			// The newline before a boundary line, after a part's data
			// that the part did not read.
			expectPart = true
			continue
		}
		return nil, fmt.Errorf("multipart: unexpected line in Next(): %q", line)
	}
}

func skipBlanks(b []byte) []byte {
	for len(b) > 0 && (b[0] == ' ' || b[0] == '\t') {
		b = b[1:]
	}
	return b
}

func (r *Reader) isFinalBoundary(line []byte) bool {
	if !bytes.HasPrefix(line, r.dashBoundaryDash) {
		return false
	}
	rest := skipBlanks(line[len(r.dashBoundaryDash):])
	return len(rest) == 0 || bytes.Equal(rest, r.nl)
}

func (r *Reader) isBoundaryLine(line []byte) bool {
	if !bytes.HasPrefix(line, r.dashBoundary) {
		return false
	}
	rest := skipBlanks(line[len(r.dashBoundary):])
	if r.partsRead == 0 && len(rest) == 1 && rest[0] == '\n' {
		// The body uses bare newlines.
		r.nl = r.nl[1:]
		r.nlDashBoundary = r.nlDashBoundary[1:]
	}
	return bytes.Equal(rest, r.nl)
}
