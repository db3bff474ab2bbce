package http

// HTTP/1.1 chunked transfer coding (RFC 9112 §7.1), for request and
// response bodies alike. The reader stops at the last chunk's size line
// and returns io.EOF: the trailer section after it is the body's to read.
// The writer's Close writes the last chunk's "0\r\n" only; the caller
// writes the trailer and the final CRLF.

import (
	"bufio"
	"errors"
	"io"
	"strconv"
)

// maxChunkLineLength bounds a chunk-size line (extensions included).
const maxChunkLineLength = 4096

// newChunkedReader decodes the chunked body read from r.
func newChunkedReader(r io.Reader) io.Reader {
	br, ok := r.(*bufio.Reader)
	if !ok {
		br = bufio.NewReader(r)
	}
	return &chunkedReader{r: br}
}

type chunkedReader struct {
	r *bufio.Reader
	// left is how many bytes of the current chunk are still unread.
	left uint64
	err  error
	// crlf is set when a chunk's data is done and its CRLF is unread.
	crlf bool
	// overhead counts the bytes of size lines and CRLFs beyond what the
	// data carried, to refuse a peer sending mostly framing.
	overhead int64
}

func (cr *chunkedReader) Read(b []byte) (n int, err error) {
	for cr.err == nil {
		if cr.crlf {
			// Return what we have rather than block on the CRLF.
			if n > 0 && cr.r.Buffered() < 2 {
				break
			}
			cr.readCRLF()
			if cr.err != nil {
				break
			}
		}
		if cr.left == 0 {
			// Likewise for the next size line.
			if n > 0 && !cr.sizeLineBuffered() {
				break
			}
			cr.readSizeLine()
			continue
		}
		if len(b) == 0 {
			break
		}
		p := b
		if uint64(len(p)) > cr.left {
			p = p[:cr.left]
		}
		var k int
		k, cr.err = cr.r.Read(p)
		n += k
		b = b[k:]
		cr.left -= uint64(k)
		if cr.left == 0 && cr.err == nil {
			cr.crlf = true
		} else if cr.err == io.EOF {
			cr.err = io.ErrUnexpectedEOF
		}
	}
	return n, cr.err
}

func (cr *chunkedReader) readCRLF() {
	var two [2]byte
	_, err := io.ReadFull(cr.r, two[:])
	switch {
	case err == io.EOF:
		cr.err = io.ErrUnexpectedEOF
	case err != nil:
		cr.err = err
	case two[0] != '\r' || two[1] != '\n':
		cr.err = errors.New("malformed chunked encoding")
	default:
		cr.crlf = false
	}
}

func (cr *chunkedReader) sizeLineBuffered() bool {
	k := cr.r.Buffered()
	if k == 0 {
		return false
	}
	p, _ := cr.r.Peek(k)
	for _, c := range p {
		if c == '\n' {
			return true
		}
	}
	return false
}

func (cr *chunkedReader) readSizeLine() {
	line, err := readChunkLine(cr.r)
	if err != nil {
		cr.err = err
		return
	}
	cr.overhead += int64(len(line)) + 2
	for len(line) > 0 && (line[len(line)-1] == ' ' || line[len(line)-1] == '\t') {
		line = line[:len(line)-1]
	}
	// Extensions (";name=value") are ignored.
	for i, c := range line {
		if c == ';' {
			line = line[:i]
			break
		}
	}
	cr.left, cr.err = parseChunkSize(line)
	if cr.err != nil {
		return
	}
	cr.overhead -= 16 + 2*int64(cr.left)
	if cr.overhead < 0 {
		cr.overhead = 0
	}
	if cr.overhead > 16*1024 {
		cr.err = errors.New("chunked encoding contains too much non-data")
		return
	}
	if cr.left == 0 {
		cr.err = io.EOF
	}
}

// readChunkLine returns a line ending in CRLF, without it.
func readChunkLine(r *bufio.Reader) ([]byte, error) {
	p, err := r.ReadSlice('\n')
	if err != nil {
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		} else if err == bufio.ErrBufferFull {
			err = ErrLineTooLong
		}
		return nil, err
	}
	cr := -1
	for i, c := range p {
		if c == '\r' {
			cr = i
			break
		}
	}
	if cr < 0 {
		return nil, errors.New("chunked line ends with bare LF")
	}
	if cr != len(p)-2 {
		return nil, errors.New("invalid CR in chunked line")
	}
	p = p[:len(p)-2]
	if len(p) >= maxChunkLineLength {
		return nil, ErrLineTooLong
	}
	return p, nil
}

func parseChunkSize(v []byte) (uint64, error) {
	if len(v) == 0 {
		return 0, errors.New("empty hex number for chunk length")
	}
	var n uint64
	for i, c := range v {
		var d byte
		switch {
		case '0' <= c && c <= '9':
			d = c - '0'
		case 'a' <= c && c <= 'f':
			d = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			d = c - 'A' + 10
		default:
			return 0, errors.New("invalid byte in chunk length")
		}
		if i == 16 {
			return 0, errors.New("http chunk length too large")
		}
		n = n<<4 | uint64(d)
	}
	return n, nil
}

// newChunkedWriter encodes each Write as one chunk on w. A zero-length
// Write writes nothing (a zero chunk would end the body).
func newChunkedWriter(w io.Writer) io.WriteCloser {
	return &chunkedWriter{w: w}
}

type chunkedWriter struct {
	w io.Writer
}

func (cw *chunkedWriter) Write(data []byte) (int, error) {
	if len(data) == 0 {
		return 0, nil
	}
	var head [18]byte
	h := strconv.AppendUint(head[:0], uint64(len(data)), 16)
	h = append(h, '\r', '\n')
	if _, err := cw.w.Write(h); err != nil {
		return 0, err
	}
	n, err := cw.w.Write(data)
	if err != nil {
		return n, err
	}
	if n != len(data) {
		return n, io.ErrShortWrite
	}
	if _, err := io.WriteString(cw.w, "\r\n"); err != nil {
		return n, err
	}
	if fw, ok := cw.w.(flushAfterChunkWriter); ok {
		err = fw.Flush()
	}
	return n, err
}

// Close writes the last chunk's size line.
func (cw *chunkedWriter) Close() error {
	_, err := io.WriteString(cw.w, "0\r\n")
	return err
}

// flushAfterChunkWriter is a bufio.Writer the chunked writer flushes after
// each chunk, so that each Write reaches the peer (a Flusher's promise).
type flushAfterChunkWriter struct {
	*bufio.Writer
}
