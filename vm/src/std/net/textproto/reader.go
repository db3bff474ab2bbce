package textproto

import (
	"bufio"
	"errors"
	"io"
	"strconv"
	"strings"
)

// errTooLarge is what a read past a header size limit returns.
var errTooLarge = errors.New("message too large")

// A Reader reads requests or responses of a text protocol.
type Reader struct {
	R   *bufio.Reader
	dot *dotReader
	buf []byte // reused by continued lines
}

// NewReader returns a Reader reading from r. To avoid denial of service
// attacks, r should be limited (io.LimitReader or similar).
func NewReader(r *bufio.Reader) *Reader {
	return &Reader{R: r}
}

// ReadLine reads one line, without its final \n or \r\n.
func (r *Reader) ReadLine() (string, error) {
	line, err := r.lineSlice(-1)
	return string(line), err
}

// ReadLineBytes is ReadLine returning a []byte.
func (r *Reader) ReadLineBytes() ([]byte, error) {
	line, err := r.lineSlice(-1)
	if line != nil {
		line = append([]byte{}, line...)
	}
	return line, err
}

// lineSlice reads a line; the result may alias the bufio buffer. A line
// longer than max (when max >= 0) is errTooLarge.
func (r *Reader) lineSlice(max int64) ([]byte, error) {
	r.closeDot()
	var acc []byte
	for {
		part, more, err := r.R.ReadLine()
		if err != nil {
			return nil, err
		}
		if max >= 0 && int64(len(acc)+len(part)) > max {
			return nil, errTooLarge
		}
		if !more && acc == nil {
			return part, nil
		}
		acc = append(acc, part...)
		if !more {
			return acc, nil
		}
	}
}

// ReadContinuedLine reads a line and the lines after it that begin with
// a space or a tab, joined by single spaces, each trimmed of spaces and
// tabs.
func (r *Reader) ReadContinuedLine() (string, error) {
	line, err := r.continuedSlice(-1, nil)
	return string(line), err
}

// ReadContinuedLineBytes is ReadContinuedLine returning a []byte.
func (r *Reader) ReadContinuedLineBytes() ([]byte, error) {
	line, err := r.continuedSlice(-1, nil)
	if line != nil {
		line = append([]byte{}, line...)
	}
	return line, err
}

func trimSpaceTab(s []byte) []byte {
	i, j := 0, len(s)
	for i < j && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	for j > i && (s[j-1] == ' ' || s[j-1] == '\t') {
		j--
	}
	return s[i:j]
}

// continuedSlice reads a continued line of at most max bytes (max < 0:
// no limit); check, if not nil, validates its first line. When a header
// reads it, a first line without a colon is an error.
func (r *Reader) continuedSlice(max int64, check func([]byte) error) ([]byte, error) {
	line, err := r.lineSlice(max)
	if err != nil {
		return nil, err
	}
	if len(line) == 0 {
		return line, nil
	}
	if check != nil {
		if err := check(line); err != nil {
			return nil, err
		}
	}
	// The common case: the next line, already buffered, starts a new
	// header or is the blank line.
	if r.R.Buffered() > 1 {
		next, _ := r.R.Peek(2)
		c := next[0]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '\n' || c == '\r' && next[1] == '\n' {
			return trimSpaceTab(line), nil
		}
	}
	r.buf = append(r.buf[:0], trimSpaceTab(line)...)
	if max < 0 {
		max = 1<<63 - 1
	}
	max -= int64(len(r.buf))
	for r.skipBlanks() > 0 {
		r.buf = append(r.buf, ' ')
		if int64(len(r.buf)) >= max {
			return nil, errTooLarge
		}
		more, err := r.lineSlice(max - int64(len(r.buf)))
		if err != nil {
			return nil, err
		}
		r.buf = append(r.buf, trimSpaceTab(more)...)
	}
	return r.buf, nil
}

// skipBlanks consumes spaces and tabs and returns how many.
func (r *Reader) skipBlanks() int {
	n := 0
	for {
		c, err := r.R.ReadByte()
		if err != nil {
			return n
		}
		if c != ' ' && c != '\t' {
			r.R.UnreadByte()
			return n
		}
		n++
	}
}

func (r *Reader) codeLine(expect int) (code int, continued bool, msg string, err error) {
	line, err := r.ReadLine()
	if err != nil {
		return
	}
	return parseCode(line, expect)
}

func parseCode(line string, expect int) (code int, continued bool, msg string, err error) {
	if len(line) < 4 || line[3] != ' ' && line[3] != '-' {
		err = ProtocolError("short response: " + strconv.Quote(line))
		return
	}
	continued = line[3] == '-'
	code, err = strconv.Atoi(line[:3])
	if err != nil || code < 100 {
		err = ProtocolError("invalid response code: " + strconv.Quote(line))
		return
	}
	msg = line[4:]
	switch {
	case 1 <= expect && expect < 10:
		if code/100 != expect {
			err = &Error{code, msg}
		}
	case 10 <= expect && expect < 100:
		if code/10 != expect {
			err = &Error{code, msg}
		}
	case 100 <= expect && expect < 1000:
		if code != expect {
			err = &Error{code, msg}
		}
	}
	return
}

// ReadCodeLine reads a response line "code message": a three-digit code,
// a space, and a message. expectCode, if positive, is a prefix the code
// must have (1, 2 or 3 digits); a mismatch is an *Error with the code and
// message. A multi-line response ("code-...") is a ProtocolError.
func (r *Reader) ReadCodeLine(expectCode int) (code int, message string, err error) {
	code, continued, message, err := r.codeLine(expectCode)
	if err == nil && continued {
		err = ProtocolError("unexpected multi-line response: " + strconv.Quote(message))
	}
	return
}

// ReadResponse reads a possibly multi-line response: lines "code-text"
// up to a line "code text", the messages joined by newlines.
func (r *Reader) ReadResponse(expectCode int) (code int, message string, err error) {
	code, continued, first, err := r.codeLine(expectCode)
	multi := continued
	var sb strings.Builder
	sb.WriteString(first)
	for continued {
		line, e := r.ReadLine()
		if e != nil {
			return 0, "", e
		}
		c2, cont2, more, e := parseCode(line, 0)
		sb.WriteByte('\n')
		if e != nil || c2 != code {
			sb.WriteString(strings.TrimRight(line, "\r\n"))
			continued = true
			continue
		}
		continued = cont2
		sb.WriteString(more)
	}
	message = sb.String()
	if err != nil && multi && message != "" {
		err = &Error{code, message}
	}
	return
}

// DotReader returns a reader of a dot-encoded block: lines up to one
// holding a single dot, "\r\n" turned into "\n" and a leading dot
// removed. It returns io.EOF at the final dot line and
// io.ErrUnexpectedEOF if the input ends before it. The next call of a
// Reader method reads the rest of the block first.
func (r *Reader) DotReader() io.Reader {
	r.closeDot()
	r.dot = &dotReader{r: r}
	return r.dot
}

const (
	dotLineStart = iota // at the start of a line
	dotSawDot           // a dot at the start of a line
	dotSawDotCR         // ".\r" at the start of a line
	dotSawCR            // a \r, maybe ending a line
	dotInLine           // inside a line
	dotDone             // read the final ".\r\n"
)

type dotReader struct {
	r     *Reader
	state int
}

func (d *dotReader) Read(b []byte) (n int, err error) {
	br := d.r.R
	for n < len(b) && d.state != dotDone {
		var c byte
		c, err = br.ReadByte()
		if err != nil {
			if err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			break
		}
		switch d.state {
		case dotLineStart:
			if c == '.' {
				d.state = dotSawDot
				continue
			}
			if c == '\r' {
				d.state = dotSawCR
				continue
			}
			d.state = dotInLine
		case dotSawDot:
			if c == '\r' {
				d.state = dotSawDotCR
				continue
			}
			if c == '\n' {
				d.state = dotDone
				continue
			}
			d.state = dotInLine
		case dotSawDotCR:
			if c == '\n' {
				d.state = dotDone
				continue
			}
			br.UnreadByte()
			c = '\r'
			d.state = dotInLine
		case dotSawCR:
			if c == '\n' {
				d.state = dotLineStart
			} else {
				br.UnreadByte()
				c = '\r'
				d.state = dotInLine
			}
		case dotInLine:
			if c == '\r' {
				d.state = dotSawCR
				continue
			}
			if c == '\n' {
				d.state = dotLineStart
			}
		}
		b[n] = c
		n++
	}
	if err == nil && d.state == dotDone {
		err = io.EOF
	}
	if err != nil && d.r.dot == d {
		d.r.dot = nil
	}
	return
}

// closeDot reads the rest of an open dot block.
func (r *Reader) closeDot() {
	if r.dot == nil {
		return
	}
	buf := make([]byte, 128)
	for r.dot != nil {
		r.dot.Read(buf)
	}
}

// ReadDotBytes reads a whole dot-encoded block (see DotReader).
func (r *Reader) ReadDotBytes() ([]byte, error) {
	return io.ReadAll(r.DotReader())
}

// ReadDotLines reads a dot-encoded block as lines, without their line
// ends and the final dot line.
func (r *Reader) ReadDotLines() ([]string, error) {
	var lines []string
	for {
		line, err := r.ReadLine()
		if err != nil {
			if err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return lines, err
		}
		if len(line) > 0 && line[0] == '.' {
			if len(line) == 1 {
				return lines, nil
			}
			line = line[1:]
		}
		lines = append(lines, line)
	}
}

// ReadMIMEHeader reads a MIME header: "Key: value" lines with their
// continuations, up to a blank line. Keys are canonicalized; repeated
// keys keep their values in order. On an error it returns the header
// read so far.
func (r *Reader) ReadMIMEHeader() (MIMEHeader, error) {
	return r.readHeader(1<<63-1, 1<<63-1)
}

// readHeader reads a header of at most maxMemory bytes (counting 200 per
// key) and maxHeaders lines.
func (r *Reader) readHeader(maxMemory, maxHeaders int64) (MIMEHeader, error) {
	if maxMemory < 0 {
		return nil, errTooLarge
	}
	h := make(MIMEHeader)
	if b, err := r.R.Peek(1); err == nil && (b[0] == ' ' || b[0] == '\t') {
		line, err := r.lineSlice(80)
		if err != nil {
			return h, err
		}
		return h, ProtocolError("malformed MIME header initial line: " + strconv.Quote(string(line)))
	}
	for {
		kv, err := r.headerLine(maxMemory)
		if kv == "" {
			return h, err
		}
		colon := strings.IndexByte(kv, ':')
		if colon < 0 {
			return h, malformedLine(kv)
		}
		key, ok := commonKeys[kv[:colon]]
		if !ok {
			if key, ok = headerKey(kv[:colon]); !ok {
				return h, malformedLine(kv)
			}
		}
		value := strings.TrimLeft(kv[colon+1:], " \t")
		if strings.IndexAny(value, ctlBytes) >= 0 {
			// Go canonicalizes the key in place: its message shows it so.
			return h, malformedLine(key + kv[colon:])
		}
		maxHeaders--
		if maxHeaders < 0 {
			return nil, errTooLarge
		}
		vs, seen := h[key]
		if !seen {
			maxMemory -= int64(len(key)) + 200
		}
		maxMemory -= int64(len(value))
		if maxMemory < 0 {
			return h, errTooLarge
		}
		h[key] = append(vs, value)
		if err != nil {
			return h, err
		}
	}
}

// ctlBytes are the bytes a header value may not hold: controls other
// than tab, and DEL.
const ctlBytes = "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x0a\x0b\x0c\x0d\x0e\x0f" +
	"\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\x7f"

// headerLine reads a header line with its continuation lines, as
// continuedSlice does with a check for the colon, as a string.
func (r *Reader) headerLine(max int64) (string, error) {
	line, err := r.lineSlice(max)
	if err != nil || len(line) == 0 {
		return "", err
	}
	s := string(line)
	if strings.IndexByte(s, ':') < 0 {
		return "", ProtocolError("malformed MIME header: missing colon: " + strconv.Quote(s))
	}
	if r.R.Buffered() > 1 {
		next, _ := r.R.Peek(2)
		c := next[0]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '\n' || c == '\r' && next[1] == '\n' {
			return strings.Trim(s, " \t"), nil
		}
	}
	r.buf = append(r.buf[:0], strings.Trim(s, " \t")...)
	if max < 0 {
		max = 1<<63 - 1
	}
	max -= int64(len(r.buf))
	for r.skipBlanks() > 0 {
		r.buf = append(r.buf, ' ')
		if int64(len(r.buf)) >= max {
			return "", errTooLarge
		}
		more, err := r.lineSlice(max - int64(len(r.buf)))
		if err != nil {
			return "", err
		}
		r.buf = append(r.buf, trimSpaceTab(more)...)
	}
	return string(r.buf), nil
}

// commonKeys maps common header keys, canonical or lower case, to their
// canonical form.
var commonKeys = map[string]string{}

func init() {
	for _, k := range []string{
		"Accept", "Accept-Charset", "Accept-Encoding", "Accept-Language", "Accept-Ranges",
		"Authorization", "Cache-Control", "Cc", "Connection", "Content-Disposition",
		"Content-Encoding", "Content-Id", "Content-Language", "Content-Length",
		"Content-Transfer-Encoding", "Content-Type", "Cookie", "Date", "Dkim-Signature",
		"Etag", "Expect", "Expires", "From", "Host", "If-Match", "If-Modified-Since",
		"If-None-Match", "If-Range", "If-Unmodified-Since", "In-Reply-To", "Keep-Alive",
		"Last-Modified", "Location", "Message-Id", "Mime-Version", "Origin", "Pragma",
		"Range", "Received", "Referer", "Return-Path", "Server", "Set-Cookie", "Subject",
		"Te", "To", "Trailer", "Transfer-Encoding", "Upgrade", "User-Agent", "Vary", "Via",
		"X-Forwarded-For", "X-Forwarded-Host", "X-Forwarded-Proto", "X-Imforwards",
		"X-Powered-By", "X-Request-Id",
	} {
		commonKeys[k] = k
		commonKeys[strings.ToLower(k)] = k
	}
}

func malformedLine(kv string) error {
	return ProtocolError("malformed MIME header line: " + strconv.Quote(kv))
}

// headerKey canonicalizes a header line's key: false if it is empty or
// holds a byte not allowed in a field name (a key with a space is kept
// as it is).
func headerKey(k string) (string, bool) {
	if len(k) == 0 {
		return "", false
	}
	canon, space, upper := true, false, true
	for i := 0; i < len(k); i++ {
		c := k[i]
		if fieldByteTable[c] {
			if upper && 'a' <= c && c <= 'z' || !upper && 'A' <= c && c <= 'Z' {
				canon = false
			}
			upper = c == '-'
			continue
		}
		if c != ' ' {
			return k, false
		}
		space = true
	}
	if canon || space {
		return k, true
	}
	return canonicalKey(k), true
}
