package http

// Reading a response as a client: the status line, the header, the
// body's framing (Content-Length, chunked, until close, none), and the
// body reader the Transport hands out; Response.Write.

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/textproto"
	"strconv"
	"strings"
	"sync"
	"time"
)

// ReadResponse reads a response from r; req, if not nil, is the request
// it answers (a response to HEAD has no body).
func ReadResponse(r *bufio.Reader, req *Request) (*Response, error) {
	resp, err := readResponseHead(r, req)
	if err != nil {
		return nil, err
	}
	if err := setupRespBody(resp, r, nil); err != nil {
		return nil, err
	}
	return resp, nil
}

func clientBadString(what, val string) error { return fmt.Errorf("%s %q", what, val) }

// readLine reads one line without its CRLF or LF.
func clientReadLine(r *bufio.Reader) (string, error) {
	line, err := r.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		buf := append([]byte(nil), line...)
		for err == bufio.ErrBufferFull {
			line, err = r.ReadSlice('\n')
			buf = append(buf, line...)
			if len(buf) > 1<<20 {
				return "", ErrHeaderTooLong
			}
		}
		line = buf
	}
	if err != nil {
		if err == io.EOF && len(line) > 0 {
			err = io.ErrUnexpectedEOF
		}
		return "", err
	}
	n := len(line) - 1
	if n > 0 && line[n-1] == '\r' {
		n--
	}
	return string(line[:n]), nil
}

// clientReadHeader reads header lines up to the empty line.
func clientReadHeader(r *bufio.Reader) (Header, error) {
	h := make(Header, 8)
	// The first line cannot start with a space (no folding onto nothing).
	if b, err := r.Peek(1); err == nil && (b[0] == ' ' || b[0] == '\t') {
		line, _ := clientReadLine(r)
		return h, errors.New("malformed MIME header initial line: " + line)
	}
	var lastKey string
	for {
		line, err := clientReadLine(r)
		if err != nil {
			if err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return h, err
		}
		if line == "" {
			return h, nil
		}
		if line[0] == ' ' || line[0] == '\t' {
			// obs-fold: continues the last value.
			if vs := h[lastKey]; len(vs) > 0 {
				vs[len(vs)-1] = vs[len(vs)-1] + " " + textproto.TrimString(line)
			}
			continue
		}
		k, v, ok := strings.Cut(line, ":")
		if !ok || k == "" || strings.ContainsAny(k, " \t") {
			return h, fmt.Errorf("malformed MIME header line: %s", line)
		}
		key := CanonicalHeaderKey(k)
		h[key] = append(h[key], textproto.TrimString(v))
		lastKey = key
	}
}

// readResponseHead reads the status line and the header.
func readResponseHead(r *bufio.Reader, req *Request) (*Response, error) {
	line, err := clientReadLine(r)
	if err != nil {
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return nil, err
	}
	resp := &Response{Request: req}
	proto, status, ok := strings.Cut(line, " ")
	if !ok {
		return nil, clientBadString("malformed HTTP response", line)
	}
	resp.Proto = proto
	resp.Status = strings.TrimLeft(status, " ")
	code, _, _ := strings.Cut(resp.Status, " ")
	if len(code) != 3 {
		return nil, clientBadString("malformed HTTP status code", code)
	}
	resp.StatusCode, err = strconv.Atoi(code)
	if err != nil || resp.StatusCode < 0 {
		return nil, clientBadString("malformed HTTP status code", code)
	}
	if resp.ProtoMajor, resp.ProtoMinor, ok = ParseHTTPVersion(resp.Proto); !ok {
		return nil, clientBadString("malformed HTTP version", resp.Proto)
	}
	resp.Header, err = clientReadHeader(r)
	if err != nil {
		return nil, err
	}
	// Pragma: no-cache stands for Cache-Control: no-cache in HTTP/1.0.
	if pv, ok := resp.Header["Pragma"]; ok && len(pv) > 0 && pv[0] == "no-cache" {
		if _, ok := resp.Header["Cache-Control"]; !ok {
			resp.Header["Cache-Control"] = []string{"no-cache"}
		}
	}
	return resp, nil
}

// respShouldClose reports whether the connection ends after the message.
func respShouldClose(major, minor int, h Header) bool {
	if major < 1 {
		return true
	}
	conv := h["Connection"]
	hasClose := headerHasToken(conv, "close")
	if major == 1 && minor == 0 {
		return hasClose || !headerHasToken(conv, "keep-alive")
	}
	if hasClose {
		h.Del("Connection")
	}
	return hasClose
}

func headerHasToken(vs []string, token string) bool {
	for _, v := range vs {
		if hasToken(v, token) {
			return true
		}
	}
	return false
}

func clientParseContentLength(cl string) (int64, error) {
	if cl == "" {
		return -1, nil
	}
	n, err := strconv.ParseUint(cl, 10, 63)
	if err != nil {
		return 0, clientBadString("bad Content-Length", cl)
	}
	return int64(n), nil
}

// setupRespBody works out resp's body framing from its header and sets
// resp.Body (a *respBody reading r, or NoBody), ContentLength,
// TransferEncoding, Close and Trailer.
func setupRespBody(resp *Response, r *bufio.Reader, pc *persistConn) error {
	method := "GET"
	if resp.Request != nil && resp.Request.Method != "" {
		method = resp.Request.Method
	}
	h := resp.Header
	resp.Close = respShouldClose(resp.ProtoMajor, resp.ProtoMinor, h)
	chunked := false
	if raw, ok := h["Transfer-Encoding"]; ok {
		delete(h, "Transfer-Encoding")
		if resp.ProtoAtLeast(1, 1) {
			if len(raw) != 1 {
				return &unsupportedTEErr{fmt.Sprintf("too many transfer encodings: %q", raw)}
			}
			if !strings.EqualFold(raw[0], "chunked") {
				return &unsupportedTEErr{fmt.Sprintf("unsupported transfer encoding: %q", raw[0])}
			}
			chunked = true
		}
	}
	// The body's length, by RFC 9112 §6.3.
	cls := h["Content-Length"]
	if len(cls) > 1 {
		first := textproto.TrimString(cls[0])
		for _, c := range cls[1:] {
			if textproto.TrimString(c) != first {
				return fmt.Errorf("http: message cannot contain multiple Content-Length headers; got %q", cls)
			}
		}
		h["Content-Length"] = []string{first}
		cls = h["Content-Length"]
	}
	var length int64
	switch {
	case method == "HEAD":
		length = 0
	case resp.StatusCode/100 == 1, resp.StatusCode == 204, resp.StatusCode == 304:
		length = 0
	case chunked:
		delete(h, "Content-Length")
		length = -1
	default:
		cl := ""
		if len(cls) == 1 {
			cl = textproto.TrimString(cls[0])
		}
		if cl != "" {
			n, err := clientParseContentLength(cl)
			if err != nil {
				return err
			}
			length = n
		} else {
			delete(h, "Content-Length")
			length = -1
		}
	}
	if method == "HEAD" {
		n, err := clientParseContentLength(textproto.TrimString(h.get("Content-Length")))
		if err != nil {
			return err
		}
		resp.ContentLength = n
	} else {
		resp.ContentLength = length
	}
	if chunked {
		resp.TransferEncoding = []string{"chunked"}
		if tv, ok := h["Trailer"]; ok {
			delete(h, "Trailer")
			for _, v := range tv {
				for _, k := range strings.Split(v, ",") {
					if k = CanonicalHeaderKey(textproto.TrimString(k)); k != "" {
						switch k {
						case "Transfer-Encoding", "Trailer", "Content-Length":
							return clientBadString("bad trailer key", k)
						}
						if resp.Trailer == nil {
							resp.Trailer = make(Header)
						}
						resp.Trailer[k] = nil
					}
				}
			}
		}
	}
	if length == -1 && !chunked && bodyAllowedForStatus(resp.StatusCode) {
		// The body runs to the end of the connection.
		resp.Close = true
	}
	b := &respBody{br: r, left: -1, pc: pc, resp: resp, closing: resp.Close}
	switch {
	case chunked:
		if method == "HEAD" || !bodyAllowedForStatus(resp.StatusCode) {
			resp.Body = NoBody
			return nil
		}
		b.chunked = true
		b.src = newChunkedReader(r)
	case length == 0:
		resp.Body = NoBody
		return nil
	case length > 0:
		b.left = length
	default:
		if !resp.Close {
			resp.Body = NoBody
			return nil
		}
		b.src = r
	}
	resp.Body = b
	return nil
}

// maxPostCloseReadBytes is how much of an unread body Close reads to
// keep the connection.
const maxPostCloseReadBytes = 256 << 10

var errReadOnClosedResBody = errors.New("http: read on closed response body")

type unsupportedTEErr struct{ err string }

func (e *unsupportedTEErr) Error() string { return e.err }

// respBody is a response body read from a connection. A body read to its
// end gives its connection back to the Transport (when the response
// allows reuse); one closed early or failing closes it.
type respBody struct {
	br      *bufio.Reader
	src     io.Reader // chunked or until-close bodies
	left    int64     // bytes left of a counted body; -1 otherwise
	chunked bool
	closing bool
	resp    *Response
	pc      *persistConn

	mu     sync.Mutex
	err    error // sticky: io.EOF at the end
	closed bool
	// draining is set while Close reads the rest of the body.
	draining bool
	// onDone runs once when the body is finished or closed (the Client's
	// timeout watch).
	onDone func()
}

func (b *respBody) Read(p []byte) (n int, err error) {
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		if b.pc != nil {
			return 0, errReadOnClosedResBody
		}
		return 0, ErrBodyReadAfterClose
	}
	if b.err != nil {
		err = b.err
		b.mu.Unlock()
		return 0, err
	}
	b.mu.Unlock()
	if len(p) == 0 {
		return 0, nil
	}
	if b.left >= 0 {
		if int64(len(p)) > b.left {
			p = p[:b.left]
		}
		n, err = b.br.Read(p)
		b.left -= int64(n)
		if b.left == 0 {
			err = io.EOF
		} else if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
	} else {
		n, err = b.src.Read(p)
		if err == io.EOF && b.chunked {
			if terr := b.readTrailer(); terr != nil {
				err = terr
			}
		}
	}
	if err != nil {
		err = b.finish(err)
	}
	return n, err
}

// finish records the body's end (io.EOF) or failure, and settles the
// connection; the error the reader sees comes back (a cancellation's
// cause rather than the closed connection's error).
func (b *respBody) finish(err error) error {
	if err != io.EOF && b.pc != nil {
		if cause := b.pc.canceledErr(); cause != nil {
			err = cause
		}
	}
	b.mu.Lock()
	if b.err != nil || b.closed {
		b.mu.Unlock()
		return err
	}
	b.err = err
	done := b.onDone
	b.onDone = nil
	b.mu.Unlock()
	if b.pc != nil {
		if b.draining {
			b.pc.conn.SetReadDeadline(time.Time{})
		}
		b.pc.bodyDone(err == io.EOF && !b.closing)
	}
	if done != nil {
		done()
	}
	return err
}

func (b *respBody) readTrailer() error {
	buf, err := b.br.Peek(2)
	if err == nil && buf[0] == '\r' && buf[1] == '\n' {
		b.br.Discard(2)
		return nil
	}
	if err == nil && buf[0] == '\n' {
		b.br.Discard(1)
		return nil
	}
	h, err := clientReadHeader(b.br)
	if err != nil {
		if err == io.ErrUnexpectedEOF || err == io.EOF {
			return io.ErrUnexpectedEOF
		}
		return err
	}
	if b.resp != nil {
		if b.resp.Trailer == nil {
			b.resp.Trailer = make(Header)
		}
		for k, vs := range h {
			b.resp.Trailer[k] = vs
		}
	}
	return nil
}

func (b *respBody) Close() error {
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		return nil
	}
	b.closed = true
	finished := b.err != nil
	b.mu.Unlock()
	if finished {
		return nil
	}
	if b.pc != nil {
		// As Go's: the rest of a small body is read (for 50ms at most)
		// to keep the connection; else it goes.
		if !b.closing && b.resp.ContentLength <= maxPostCloseReadBytes && b.pc.canceledErr() == nil {
			b.pc.conn.SetReadDeadline(time.Now().Add(50 * time.Millisecond))
			b.mu.Lock()
			b.closed = false
			b.draining = true
			b.mu.Unlock()
			_, err := io.CopyN(io.Discard, b, maxPostCloseReadBytes+1)
			b.mu.Lock()
			b.closed = true
			b.mu.Unlock()
			if err == io.EOF {
				// finish has pooled the connection already.
				return nil
			}
		}
		b.mu.Lock()
		finished = b.err != nil
		b.err = errReadOnClosedResBody
		b.mu.Unlock()
		if !finished {
			b.pc.bodyDone(false)
		}
	} else {
		b.mu.Lock()
		b.closed = false
		b.mu.Unlock()
		io.Copy(io.Discard, b)
		b.mu.Lock()
		b.closed = true
		b.mu.Unlock()
	}
	b.mu.Lock()
	done := b.onDone
	b.onDone = nil
	b.mu.Unlock()
	if done != nil {
		done()
	}
	return nil
}

// Write writes r in HTTP/1.x wire format: status line, header and body
// (closed afterwards).
func (r *Response) Write(w io.Writer) error {
	text := r.Status
	if text == "" {
		text = StatusText(r.StatusCode)
		if text == "" {
			text = "status code " + strconv.Itoa(r.StatusCode)
		}
	} else {
		text = strings.TrimPrefix(text, strconv.Itoa(r.StatusCode)+" ")
	}
	if _, err := fmt.Fprintf(w, "HTTP/%d.%d %03d %s\r\n", r.ProtoMajor, r.ProtoMinor, r.StatusCode, text); err != nil {
		return err
	}
	r1 := new(Response)
	*r1 = *r
	if r1.ContentLength == 0 && r1.Body != nil {
		// Is it really empty?
		var buf [1]byte
		n, err := r1.Body.Read(buf[:])
		if err != nil && err != io.EOF {
			return err
		}
		if n == 0 {
			r1.Body = NoBody
		} else {
			r1.ContentLength = -1
			r1.Body = struct {
				io.Reader
				io.Closer
			}{io.MultiReader(bytes.NewReader(buf[:1]), r.Body), r.Body}
		}
	}
	if r1.ContentLength == -1 && !r1.Close && r1.ProtoAtLeast(1, 1) && !isChunked(r1.TransferEncoding) && !r1.Uncompressed {
		r1.Close = true
	}
	tw := newRespWriter(r1)
	if err := tw.writeHeader(w); err != nil {
		return err
	}
	if err := r.Header.WriteSubset(w, respWriteExclude); err != nil {
		return err
	}
	if r1.ContentLength == 0 && !isChunked(r1.TransferEncoding) && !tw.sendsLength() && bodyAllowedForStatus(r.StatusCode) {
		if _, err := io.WriteString(w, "Content-Length: 0\r\n"); err != nil {
			return err
		}
	}
	if _, err := io.WriteString(w, "\r\n"); err != nil {
		return err
	}
	return tw.writeBody(w)
}

var respWriteExclude = map[string]bool{
	"Content-Length":    true,
	"Transfer-Encoding": true,
	"Trailer":           true,
}
