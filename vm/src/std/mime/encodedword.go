package mime

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// A WordEncoder is an RFC 2047 encoded-word encoder.
type WordEncoder byte

const (
	// BEncoding is the base64 encoding of RFC 2047.
	BEncoding = WordEncoder('b')
	// QEncoding is the Q encoding of RFC 2047.
	QEncoding = WordEncoder('q')
)

var errInvalidWord = errors.New("mime: invalid RFC 2047 encoded-word")

// The longest encoded word, and the most content one holds.
const (
	maxWordLen    = 75
	maxContentLen = maxWordLen - len("=?UTF-8?q?") - len("?=")
)

// Encode returns s as encoded words in charset if it holds a byte other
// than printable ASCII or a tab, else s unchanged. A UTF-8 text is split
// into words of at most 75 bytes between runes.
func (e WordEncoder) Encode(charset, s string) string {
	if !needsEncoding(s) {
		return s
	}
	var b strings.Builder
	e.open(&b, charset)
	if e == BEncoding {
		e.bEncode(&b, charset, s)
	} else {
		e.qEncode(&b, charset, s)
	}
	b.WriteString("?=")
	return b.String()
}

func (e WordEncoder) open(b *strings.Builder, charset string) {
	b.WriteString("=?")
	b.WriteString(charset)
	b.WriteByte('?')
	b.WriteByte(byte(e))
	b.WriteByte('?')
}

func (e WordEncoder) split(b *strings.Builder, charset string) {
	b.WriteString("?= ")
	e.open(b, charset)
}

func isUTF8(charset string) bool {
	return strings.EqualFold(charset, "UTF-8")
}

func (e WordEncoder) bEncode(b *strings.Builder, charset, s string) {
	enc := base64.StdEncoding
	if !isUTF8(charset) || enc.EncodedLen(len(s)) <= maxContentLen {
		b.WriteString(enc.EncodeToString([]byte(s)))
		return
	}
	maxRaw := enc.DecodedLen(maxContentLen)
	start, n := 0, 0
	for i := 0; i < len(s); {
		_, size := utf8.DecodeRuneInString(s[i:])
		if n+size > maxRaw {
			b.WriteString(enc.EncodeToString([]byte(s[start:i])))
			e.split(b, charset)
			start, n = i, 0
		}
		n += size
		i += size
	}
	b.WriteString(enc.EncodeToString([]byte(s[start:])))
}

func (e WordEncoder) qEncode(b *strings.Builder, charset, s string) {
	if !isUTF8(charset) {
		writeQ(b, s)
		return
	}
	n := 0
	for i := 0; i < len(s); {
		c := s[i]
		size, encLen := 1, 1
		if c < ' ' || c > '~' || c == '=' || c == '?' || c == '_' {
			_, size = utf8.DecodeRuneInString(s[i:])
			encLen = 3 * size
		}
		if n+encLen > maxContentLen {
			e.split(b, charset)
			n = 0
		}
		writeQ(b, s[i:i+size])
		n += encLen
		i += size
	}
}

func writeQ(b *strings.Builder, s string) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ':
			b.WriteByte('_')
		case c >= '!' && c <= '~' && c != '=' && c != '?' && c != '_':
			b.WriteByte(c)
		default:
			b.WriteByte('=')
			b.WriteByte(upperhex[c>>4])
			b.WriteByte(upperhex[c&15])
		}
	}
}

// A WordDecoder decodes MIME headers holding RFC 2047 encoded words.
type WordDecoder struct {
	// CharsetReader, if not nil, converts text in a charset other than
	// UTF-8, ISO-8859-1 and US-ASCII to UTF-8.
	CharsetReader func(charset string, input io.Reader) (io.Reader, error)
}

// Decode decodes one RFC 2047 encoded word.
func (d *WordDecoder) Decode(word string) (string, error) {
	if len(word) < 8 || !strings.HasPrefix(word, "=?") || !strings.HasSuffix(word, "?=") || strings.Count(word, "?") != 4 {
		return "", errInvalidWord
	}
	word = word[2 : len(word)-2]
	charset, rest, _ := strings.Cut(word, "?")
	if charset == "" {
		return "", errInvalidWord
	}
	encoding, text, _ := strings.Cut(rest, "?")
	if len(encoding) != 1 {
		return "", errInvalidWord
	}
	content, err := decodeText(encoding[0], text)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	if err := d.convert(&b, charset, content); err != nil {
		return "", err
	}
	return b.String(), nil
}

// DecodeHeader decodes the encoded words of a header value; space
// between two encoded words is dropped, a malformed word kept as it is.
func (d *WordDecoder) DecodeHeader(header string) (string, error) {
	i := strings.Index(header, "=?")
	if i < 0 {
		return header, nil
	}
	var b strings.Builder
	b.WriteString(header[:i])
	header = header[i:]
	afterWord := false
	for {
		start := strings.Index(header, "=?")
		if start < 0 {
			break
		}
		pos := start + 2
		q := strings.IndexByte(header[pos:], '?')
		if q < 0 {
			break
		}
		charset := header[pos : pos+q]
		pos += q + 1
		if len(header) < pos+len("Q??=") {
			break
		}
		encoding := header[pos]
		pos++
		if header[pos] != '?' {
			break
		}
		pos++
		j := strings.Index(header[pos:], "?=")
		if j < 0 {
			break
		}
		text := header[pos : pos+j]
		end := pos + j + 2
		content, err := decodeText(encoding, text)
		if err != nil {
			afterWord = false
			b.WriteString(header[:end])
			header = header[end:]
			continue
		}
		if start > 0 && (!afterWord || !onlyWhitespace(header[:start])) {
			b.WriteString(header[:start])
		}
		if err := d.convert(&b, charset, content); err != nil {
			return "", err
		}
		header = header[end:]
		afterWord = true
	}
	b.WriteString(header)
	return b.String(), nil
}

func onlyWhitespace(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t', '\n', '\r':
		default:
			return false
		}
	}
	return true
}

func decodeText(encoding byte, text string) ([]byte, error) {
	switch encoding {
	case 'B', 'b':
		return base64.StdEncoding.DecodeString(text)
	case 'Q', 'q':
		return qDecode(text)
	}
	return nil, errInvalidWord
}

func (d *WordDecoder) convert(b *strings.Builder, charset string, content []byte) error {
	switch {
	case strings.EqualFold("utf-8", charset):
		b.Write(content)
	case strings.EqualFold("iso-8859-1", charset):
		for _, c := range content {
			b.WriteRune(rune(c))
		}
	case strings.EqualFold("us-ascii", charset):
		for _, c := range content {
			if c >= utf8.RuneSelf {
				b.WriteRune(utf8.RuneError)
			} else {
				b.WriteByte(c)
			}
		}
	default:
		if d.CharsetReader == nil {
			return fmt.Errorf("mime: unhandled charset %q", charset)
		}
		r, err := d.CharsetReader(strings.ToLower(charset), bytes.NewReader(content))
		if err != nil {
			return err
		}
		if _, err := io.Copy(b, r); err != nil {
			return err
		}
	}
	return nil
}

func qDecode(s string) ([]byte, error) {
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '_':
			out = append(out, ' ')
		case c == '=':
			if i+2 >= len(s) {
				return nil, errInvalidWord
			}
			hi, err := hexDigit(s[i+1])
			if err != nil {
				return nil, err
			}
			lo, err := hexDigit(s[i+2])
			if err != nil {
				return nil, err
			}
			out = append(out, hi<<4|lo)
			i += 2
		case c >= ' ' && c <= '~' || c == '\n' || c == '\r' || c == '\t':
			out = append(out, c)
		default:
			return nil, errInvalidWord
		}
	}
	return out, nil
}

func hexDigit(c byte) (byte, error) {
	if v, ok := unhex(c); ok {
		return v, nil
	}
	return 0, fmt.Errorf("mime: invalid hex byte %#02x", c)
}
