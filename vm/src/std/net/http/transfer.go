package http

// Body framing of HTTP/1.x messages read off the wire (RFC 9112 §6):
// Transfer-Encoding, Content-Length, trailers, and the *body reader that
// a server's Request.Body and a client's Response.Body are. Also the
// header-block reader the request and response parsers share.

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
)

// maxPostHandlerReadBytes is how much of a request body the server still
// reads after the handler returns, to keep the connection.
const maxPostHandlerReadBytes = 256 << 10

// errTooLarge is a request head larger than the server allows.
var errTooLarge = errors.New("http: request too large")

// hdrMessageTooLarge is the header reader's "too many headers" (the
// text net/textproto uses).
var hdrMessageTooLarge = errors.New("message too large")

func badStringError(what, val string) error { return fmt.Errorf("%s %q", what, val) }

// hdrProtocolError is net/textproto's ProtocolError: a malformed header.
type hdrProtocolError string

func (p hdrProtocolError) Error() string { return string(p) }

// hdrReadLine reads one line without its CRLF or LF; the slice may
// point into br's buffer.
func hdrReadLine(br *bufio.Reader) ([]byte, error) {
	line, isPrefix, err := br.ReadLine()
	if err != nil {
		return nil, err
	}
	if !isPrefix {
		return line, nil
	}
	buf := append([]byte(nil), line...)
	for isPrefix {
		line, isPrefix, err = br.ReadLine()
		if err != nil {
			return nil, err
		}
		buf = append(buf, line...)
	}
	return buf, nil
}

func hdrTrim(b []byte) []byte {
	i, j := 0, len(b)
	for i < j && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	for j > i && (b[j-1] == ' ' || b[j-1] == '\t') {
		j--
	}
	return b[i:j]
}

// hdrCommonKeys interns the canonical keys most requests carry.
var hdrCommonKeys = map[string]string{}

func init() {
	for _, k := range []string{"Accept", "Accept-Charset", "Accept-Encoding", "Accept-Language",
		"Authorization", "Cache-Control", "Connection", "Content-Length", "Content-Type",
		"Cookie", "Date", "Expect", "Host", "If-Modified-Since", "If-None-Match", "Origin",
		"Pragma", "Referer", "Trailer", "Transfer-Encoding", "Upgrade", "User-Agent"} {
		hdrCommonKeys[k] = k
	}
}

// hdrCanonicalKey canonicalises a field name; ok is false if it holds a
// byte no field name may.
func hdrCanonicalKey(k []byte) (string, bool) {
	if len(k) == 0 {
		return "", false
	}
	upper := true
	canon := true
	for _, c := range k {
		if c == ' ' {
			// Accepted (the server refuses it later) but not
			// canonicalised, as net/textproto does.
			for _, c := range k {
				if c != ' ' && !tokenTable[c] {
					return "", false
				}
			}
			return string(k), true
		}
		if !tokenTable[c] {
			return "", false
		}
		if upper && 'a' <= c && c <= 'z' || !upper && 'A' <= c && c <= 'Z' {
			canon = false
		}
		upper = c == '-'
	}
	if canon {
		if s, ok := hdrCommonKeys[string(k)]; ok {
			return s, true
		}
		return string(k), true
	}
	b := make([]byte, len(k))
	upper = true
	for i, c := range k {
		if upper && 'a' <= c && c <= 'z' {
			c -= 'a' - 'A'
		} else if !upper && 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		b[i] = c
		upper = c == '-'
	}
	if s, ok := hdrCommonKeys[string(b)]; ok {
		return s, true
	}
	return string(b), true
}

// hdrReadBlock reads header lines up to the empty line, as net/textproto's
// ReadMIMEHeader does (folded lines joined by a space), allowing at most
// maxHeaders values.
func hdrReadBlock(br *bufio.Reader, maxHeaders int64) (Header, error) {
	m := make(Header, 6)
	if buf, err := br.Peek(1); err == nil && (buf[0] == ' ' || buf[0] == '\t') {
		line, err := hdrReadLine(br)
		if err != nil {
			return m, err
		}
		return m, hdrProtocolError("malformed MIME header initial line: " + string(line))
	}
	for {
		kv, err := hdrReadLine(br)
		if len(kv) == 0 {
			if err == nil {
				return m, nil
			}
			return m, err
		}
		colon := bytes.IndexByte(kv, ':')
		if colon < 0 {
			return m, hdrProtocolError(fmt.Sprintf("malformed MIME header: missing colon: %q", kv))
		}
		// Folded continuation lines.
		if nb, e := br.Peek(1); e == nil && (nb[0] == ' ' || nb[0] == '\t') {
			full := append([]byte(nil), hdrTrim(kv)...)
			for {
				nb, e = br.Peek(1)
				if e != nil || (nb[0] != ' ' && nb[0] != '\t') {
					break
				}
				cont, e2 := hdrReadLine(br)
				if e2 != nil {
					return m, e2
				}
				full = append(full, ' ')
				full = append(full, hdrTrim(cont)...)
			}
			kv = full
		}
		key, ok := hdrCanonicalKey(kv[:colon])
		if !ok {
			return m, hdrProtocolError("malformed MIME header line: " + string(kv))
		}
		v := kv[colon+1:]
		if !validHeaderValue(string(v)) {
			return m, hdrProtocolError("malformed MIME header line: " + string(kv))
		}
		maxHeaders--
		if maxHeaders < 0 {
			return nil, hdrMessageTooLarge
		}
		value := string(hdrTrim(v))
		m[key] = append(m[key], value)
	}
}

// bodyAllowedForStatus reports whether a response with status may have a
// body.
func bodyAllowedForStatus(status int) bool {
	switch {
	case status >= 100 && status <= 199:
		return false
	case status == 204, status == 304:
		return false
	}
	return true
}

var (
	suppressedHeaders304    = []string{"Content-Type", "Content-Length", "Transfer-Encoding"}
	suppressedHeadersNoBody = []string{"Content-Length", "Transfer-Encoding"}
	excludedHeadersNoBody   = map[string]bool{"Content-Length": true, "Transfer-Encoding": true}
)

func suppressedHeaders(status int) []string {
	switch {
	case status == 304:
		return suppressedHeaders304
	case !bodyAllowedForStatus(status):
		return suppressedHeadersNoBody
	}
	return nil
}

func noResponseBodyExpected(method string) bool { return method == "HEAD" }

// headerValuesContainsToken reports whether any of values holds token.
func headerValuesContainsToken(values []string, token string) bool {
	for _, v := range values {
		if hasToken(v, token) {
			return true
		}
	}
	return false
}

// shouldClose reports whether a message of this version and header asks
// for the connection to close; removeCloseHeader drops Connection: close.
func shouldClose(major, minor int, header Header, removeCloseHeader bool) bool {
	if major < 1 {
		return true
	}
	conv := header["Connection"]
	hasClose := headerValuesContainsToken(conv, "close")
	if major == 1 && minor == 0 {
		return hasClose || !headerValuesContainsToken(conv, "keep-alive")
	}
	if hasClose && removeCloseHeader {
		delete(header, "Connection")
	}
	return hasClose
}

// foreachHeaderElement calls fn for each non-empty element of the
// comma-separated list v.
func foreachHeaderElement(v string, fn func(string)) {
	v = textproto.TrimString(v)
	if v == "" {
		return
	}
	if strings.IndexByte(v, ',') < 0 {
		fn(v)
		return
	}
	for _, f := range strings.Split(v, ",") {
		if f = textproto.TrimString(f); f != "" {
			fn(f)
		}
	}
}

// unsupportedTEError is a Transfer-Encoding the server does not implement.
type unsupportedTEError struct {
	err string
}

func (e *unsupportedTEError) Error() string { return e.err }

func isUnsupportedTEError(err error) bool {
	_, ok := err.(*unsupportedTEError)
	return ok
}

func parseContentLength(clHeaders []string) (int64, error) {
	if len(clHeaders) == 0 {
		return -1, nil
	}
	cl := textproto.TrimString(clHeaders[0])
	if cl == "" {
		return 0, badStringError("invalid empty Content-Length", cl)
	}
	n, err := strconv.ParseUint(cl, 10, 63)
	if err != nil {
		return 0, badStringError("bad Content-Length", cl)
	}
	return int64(n), nil
}

// fixLength returns the body length a message declares: -1 for unknown
// (read to EOF, or chunked).
func fixLength(isResponse bool, status int, requestMethod string, header Header, chunked bool) (int64, error) {
	contentLens := header["Content-Length"]
	if len(contentLens) > 1 {
		first := textproto.TrimString(contentLens[0])
		for _, ct := range contentLens[1:] {
			if first != textproto.TrimString(ct) {
				return 0, fmt.Errorf("http: message cannot contain multiple Content-Length headers; got %q", contentLens)
			}
		}
		header["Content-Length"] = []string{first}
		contentLens = header["Content-Length"]
	}
	var n int64
	if len(contentLens) > 0 {
		var err error
		n, err = parseContentLength(contentLens)
		if err != nil {
			return -1, err
		}
	}
	if isResponse && noResponseBodyExpected(requestMethod) {
		return 0, nil
	}
	if status/100 == 1 {
		return 0, nil
	}
	switch status {
	case 204, 304:
		return 0, nil
	}
	if chunked {
		delete(header, "Content-Length")
		return -1, nil
	}
	if len(contentLens) > 0 {
		return n, nil
	}
	delete(header, "Content-Length")
	if !isResponse {
		return 0, nil
	}
	return -1, nil
}

// fixTrailer returns the trailer keys a chunked message announces.
func fixTrailer(header Header, chunked bool, maxHeaders int64) (Header, error) {
	vv, ok := header["Trailer"]
	if !ok || !chunked {
		return nil, nil
	}
	delete(header, "Trailer")
	for _, v := range vv {
		maxHeaders -= int64(strings.Count(v, ",") + 1)
		if maxHeaders < 0 {
			return nil, errTooLarge
		}
	}
	trailer := make(Header)
	var err error
	for _, v := range vv {
		foreachHeaderElement(v, func(key string) {
			key = CanonicalHeaderKey(key)
			switch key {
			case "Transfer-Encoding", "Trailer", "Content-Length":
				if err == nil {
					err = badStringError("bad trailer key", key)
				}
				return
			}
			trailer[key] = nil
		})
	}
	if err != nil {
		return nil, err
	}
	if len(trailer) == 0 {
		return nil, nil
	}
	return trailer, nil
}

// readTransfer sets msg's (a *Request or *Response, header read) Body,
// ContentLength, TransferEncoding, Close and Trailer from its header,
// the body to be read from r.
func readTransfer(msg any, r *bufio.Reader, maxTrailerHeaders int64) error {
	var (
		header       Header
		status       int
		major, minor int
		method       = "GET"
		closing      bool
		isResponse   bool
	)
	switch rr := msg.(type) {
	case *Response:
		header = rr.Header
		status = rr.StatusCode
		major, minor = rr.ProtoMajor, rr.ProtoMinor
		closing = shouldClose(major, minor, header, true)
		isResponse = true
		if rr.Request != nil {
			method = rr.Request.Method
		}
	case *Request:
		header = rr.Header
		method = rr.Method
		major, minor = rr.ProtoMajor, rr.ProtoMinor
		status = 200
		closing = rr.Close
	default:
		panic("unexpected type")
	}
	if major == 0 && minor == 0 {
		major, minor = 1, 1
	}

	chunked := false
	if raw, present := header["Transfer-Encoding"]; present {
		delete(header, "Transfer-Encoding")
		if major > 1 || major == 1 && minor >= 1 {
			if len(raw) != 1 {
				return &unsupportedTEError{fmt.Sprintf("too many transfer encodings: %q", raw)}
			}
			if !strings.EqualFold(raw[0], "chunked") {
				return &unsupportedTEError{fmt.Sprintf("unsupported transfer encoding: %q", raw[0])}
			}
			chunked = true
		}
	}

	realLength, err := fixLength(isResponse, status, method, header, chunked)
	if err != nil {
		return err
	}
	contentLength := realLength
	if isResponse && method == "HEAD" {
		if contentLength, err = parseContentLength(header["Content-Length"]); err != nil {
			return err
		}
	}
	trailer, err := fixTrailer(header, chunked, maxTrailerHeaders)
	if err != nil {
		return err
	}
	if isResponse && realLength == -1 && !chunked && bodyAllowedForStatus(status) {
		closing = true
	}

	var b io.ReadCloser
	switch {
	case chunked:
		if isResponse && (noResponseBodyExpected(method) || !bodyAllowedForStatus(status)) {
			b = NoBody
		} else {
			b = &body{src: newChunkedReader(r), hdr: msg, r: r, closing: closing, maxTrailerHeaders: maxTrailerHeaders}
		}
	case realLength == 0:
		b = NoBody
	case realLength > 0:
		b = &body{src: io.LimitReader(r, realLength), closing: closing}
	default:
		if closing {
			b = &body{src: r, closing: closing}
		} else {
			b = NoBody
		}
	}

	var te []string
	if chunked {
		te = []string{"chunked"}
	}
	switch rr := msg.(type) {
	case *Request:
		rr.Body, rr.ContentLength, rr.TransferEncoding, rr.Close, rr.Trailer = b, contentLength, te, closing, trailer
	case *Response:
		rr.Body, rr.ContentLength, rr.TransferEncoding, rr.Close, rr.Trailer = b, contentLength, te, closing, trailer
	}
	return nil
}

// body is a message body read off the wire: it stops at the declared
// length or the last chunk (reading the trailer into the message), and
// its Close reads what is left when the connection is to be reused.
type body struct {
	src               io.Reader
	hdr               any           // the *Request or *Response whose trailer to read, if chunked
	r                 *bufio.Reader // the wire, for the trailer
	closing           bool          // the connection closes after this body
	doEarlyClose      bool          // Close may stop early (server side)
	maxTrailerHeaders int64

	mu          sync.Mutex
	sawEOF      bool
	closed      bool
	earlyClose  bool
	dropTrailer bool
	onHitEOF    func()
}

func (b *body) Read(p []byte) (n int, err error) {
	if b == nil {
		return 0, io.EOF
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return 0, ErrBodyReadAfterClose
	}
	return b.readLocked(p)
}

func (b *body) readLocked(p []byte) (n int, err error) {
	if b.sawEOF {
		return 0, io.EOF
	}
	n, err = b.src.Read(p)
	if err == io.EOF {
		b.sawEOF = true
		if b.hdr != nil {
			if e := b.readTrailer(); e != nil {
				err = e
				b.sawEOF = false
				b.closed = true
			}
			b.hdr = nil
		} else if lr, ok := b.src.(*io.LimitedReader); ok && lr.N > 0 {
			// The peer sent less than it declared.
			err = io.ErrUnexpectedEOF
		}
	}
	// Report EOF with the last bytes of a sized body.
	if err == nil && n > 0 {
		if lr, ok := b.src.(*io.LimitedReader); ok && lr.N == 0 {
			err = io.EOF
			b.sawEOF = true
		}
	}
	if b.sawEOF && b.onHitEOF != nil {
		b.onHitEOF()
	}
	return n, err
}

var errTrailerEOF = errors.New("http: unexpected EOF reading trailer")

func (b *body) readTrailer() error {
	buf, err := b.r.Peek(2)
	if len(buf) == 2 && buf[0] == '\r' && buf[1] == '\n' {
		b.r.Discard(2)
		return nil
	}
	if len(buf) < 2 {
		return errTrailerEOF
	}
	if err != nil {
		return err
	}
	// A trailer must end in an empty line within what is buffered: don't
	// let a peer make us read an unbounded header.
	found := false
	for size := 4; ; size++ {
		buf, err := b.r.Peek(size)
		if bytes.HasSuffix(buf, []byte("\r\n\r\n")) {
			found = true
			break
		}
		if err != nil {
			break
		}
	}
	if !found {
		return errors.New("http: suspiciously long trailer after chunked body")
	}
	hdr, err := hdrReadBlock(b.r, b.maxTrailerHeaders)
	if err != nil {
		if err == io.EOF {
			return errTrailerEOF
		}
		return err
	}
	if b.dropTrailer {
		return nil
	}
	switch rr := b.hdr.(type) {
	case *Request:
		mergeSetHeader(&rr.Trailer, hdr)
	case *Response:
		mergeSetHeader(&rr.Trailer, hdr)
	}
	return nil
}

func mergeSetHeader(dst *Header, src Header) {
	if *dst == nil {
		*dst = src
		return
	}
	for k, vv := range src {
		(*dst)[k] = vv
	}
}

func (b *body) unreadDataSizeLocked() int64 {
	if lr, ok := b.src.(*io.LimitedReader); ok {
		return lr.N
	}
	return -1
}

func (b *body) Close() error {
	if b == nil {
		return nil
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return nil
	}
	var err error
	switch {
	case b.sawEOF:
	case b.hdr == nil && b.closing:
		// The connection closes anyway: nothing to drain.
	case b.doEarlyClose:
		if lr, ok := b.src.(*io.LimitedReader); ok && lr.N > maxPostHandlerReadBytes {
			b.earlyClose = true
		} else {
			var n int64
			n, err = io.CopyN(io.Discard, bodyLocked{b}, maxPostHandlerReadBytes+1)
			b.earlyClose = true
			if err == io.EOF && n <= maxPostHandlerReadBytes {
				b.earlyClose = false
				b.sawEOF = true
				err = nil
			}
		}
	default:
		_, err = io.Copy(io.Discard, bodyLocked{b})
	}
	b.closed = true
	return err
}

func (b *body) didEarlyClose() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.earlyClose
}

func (b *body) bodyRemains() bool {
	if b == nil {
		return false
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return !b.sawEOF
}

func (b *body) registerOnHitEOF(fn func()) {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.onHitEOF = fn
}

// bodyLocked reads b with its mutex already held.
type bodyLocked struct {
	b *body
}

func (bl bodyLocked) Read(p []byte) (int, error) {
	if bl.b.closed {
		return 0, ErrBodyReadAfterClose
	}
	return bl.b.readLocked(p)
}
