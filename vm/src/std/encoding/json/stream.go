package json

import (
	"bytes"
	"io"
)

// A Decoder reads and decodes JSON values from an input stream.
type Decoder struct {
	r       io.Reader
	buf     []byte
	d       decodeState
	scanp   int   // start of unread data in buf
	scanned int64 // amount of data already scanned
	err     error

	tokenState int
	tokenStack []int
}

// NewDecoder returns a new decoder that reads from r.
func NewDecoder(r io.Reader) *Decoder { return &Decoder{r: r} }

// UseNumber causes the Decoder to unmarshal a number into an interface
// value as a Number instead of as a float64.
func (dec *Decoder) UseNumber() { dec.d.useNumber = true }

// DisallowUnknownFields causes the Decoder to return an error when the
// destination is a struct and the input contains object keys which do
// not match any non-ignored, exported fields in the destination.
func (dec *Decoder) DisallowUnknownFields() { dec.d.disallowUnknownFields = true }

// Decode reads the next JSON-encoded value from its input and stores it
// in the value pointed to by v.
func (dec *Decoder) Decode(v any) error {
	if dec.err != nil {
		return dec.err
	}
	if err := dec.tokenPrepareForDecode(); err != nil {
		return err
	}
	if !dec.tokenValueAllowed() {
		return &SyntaxError{msg: "not at beginning of value", Offset: dec.InputOffset()}
	}
	n, err := dec.readValue()
	if err != nil {
		return err
	}
	dec.d.data = dec.buf[dec.scanp : dec.scanp+n]
	dec.d.off = 0
	dec.d.savedError = nil
	dec.scanp += n
	err = dec.d.unmarshal(v)
	dec.tokenValueEnd()
	return err
}

// Buffered returns a reader of the data remaining in the Decoder's
// buffer.
func (dec *Decoder) Buffered() io.Reader { return bytes.NewReader(dec.buf[dec.scanp:]) }

// InputOffset returns the input stream byte offset of the current
// decoder position.
func (dec *Decoder) InputOffset() int64 { return dec.scanned + int64(dec.scanp) }

// readValue reads one whole JSON value into dec.buf and returns its
// length from dec.scanp (leading space included).
func (dec *Decoder) readValue() (int, error) {
	dec.err = nil
	for {
		data := dec.buf[dec.scanp:]
		v := &validator{data: data}
		v.ws()
		if v.i < len(data) {
			err := v.value()
			if err == nil {
				// A number may go on in the next read.
				c := data[v.i-1]
				if !(isDigit(c) && v.i == len(data)) || dec.err != nil {
					return v.i, nil
				}
			} else if se, ok := err.(*SyntaxError); !ok || se.Offset != int64(len(data)) || se.msg != "unexpected end of JSON input" {
				dec.err = err
				return 0, err
			}
		}
		if dec.err != nil {
			if dec.err == io.EOF {
				if len(bytes.TrimLeft(data, " \t\r\n")) == 0 {
					return 0, io.EOF
				}
				// A number at the very end is whole.
				w := &validator{data: data}
				w.ws()
				if w.value() == nil {
					return w.i, nil
				}
				dec.err = io.ErrUnexpectedEOF
			}
			return 0, dec.err
		}
		dec.refill()
	}
}

func (dec *Decoder) refill() {
	if dec.scanp > 0 {
		dec.scanned += int64(dec.scanp)
		n := copy(dec.buf, dec.buf[dec.scanp:])
		dec.buf = dec.buf[:n]
		dec.scanp = 0
	}
	const minRead = 512
	if cap(dec.buf)-len(dec.buf) < minRead {
		nb := make([]byte, len(dec.buf), 2*cap(dec.buf)+minRead)
		copy(nb, dec.buf)
		dec.buf = nb
	}
	n, err := dec.r.Read(dec.buf[len(dec.buf):cap(dec.buf)])
	dec.buf = dec.buf[0 : len(dec.buf)+n]
	if err != nil {
		dec.err = err
	}
}

func (dec *Decoder) peek() (byte, error) {
	var err error
	for {
		for i := dec.scanp; i < len(dec.buf); i++ {
			c := dec.buf[i]
			if isSpace(c) {
				continue
			}
			dec.scanp = i
			return c, nil
		}
		dec.scanp = len(dec.buf)
		if err != nil {
			return 0, err
		}
		dec.err = nil
		dec.refill()
		err = dec.err
		dec.err = nil
	}
}

// More reports whether there is another element in the current array or
// object being parsed.
func (dec *Decoder) More() bool {
	c, err := dec.peek()
	return err == nil && c != ']' && c != '}'
}

// An Encoder writes JSON values to an output stream.
type Encoder struct {
	w          io.Writer
	err        error
	escapeHTML bool
	prefix     string
	indent     string
}

// NewEncoder returns a new encoder that writes to w.
func NewEncoder(w io.Writer) *Encoder { return &Encoder{w: w, escapeHTML: true} }

// Encode writes the JSON encoding of v to the stream, followed by a
// newline character.
func (enc *Encoder) Encode(v any) error {
	if enc.err != nil {
		return enc.err
	}
	e := &encodeState{escapeHTML: enc.escapeHTML}
	if err := e.marshal(v); err != nil {
		return err
	}
	e.WriteByte('\n')
	b := e.Bytes()
	if enc.prefix != "" || enc.indent != "" {
		var err error
		b, err = appendIndent(nil, b, enc.prefix, enc.indent)
		if err != nil {
			return err
		}
	}
	if _, err := enc.w.Write(b); err != nil {
		enc.err = err
		return err
	}
	return nil
}

// SetIndent instructs the encoder to format each subsequent encoded
// value as if indented by the package-level function Indent.
func (enc *Encoder) SetIndent(prefix, indent string) {
	enc.prefix = prefix
	enc.indent = indent
}

// SetEscapeHTML specifies whether problematic HTML characters should be
// escaped inside JSON quoted strings.
func (enc *Encoder) SetEscapeHTML(on bool) { enc.escapeHTML = on }

// A Token holds a value of one of these types: Delim, bool, float64,
// Number, string, nil.
type Token any

// A Delim is a JSON array or object delimiter, one of [ ] { or }.
type Delim rune

func (d Delim) String() string { return string(d) }

const (
	tokenTopValue = iota
	tokenArrayStart
	tokenArrayValue
	tokenArrayComma
	tokenObjectStart
	tokenObjectKey
	tokenObjectColon
	tokenObjectValue
	tokenObjectComma
)

func (dec *Decoder) tokenPrepareForDecode() error {
	switch dec.tokenState {
	case tokenArrayComma:
		c, err := dec.peek()
		if err != nil {
			return err
		}
		if c != ',' {
			return &SyntaxError{"expected comma after array element", dec.InputOffset()}
		}
		dec.scanp++
		dec.tokenState = tokenArrayValue
	case tokenObjectColon:
		c, err := dec.peek()
		if err != nil {
			return err
		}
		if c != ':' {
			return &SyntaxError{"expected colon after object key", dec.InputOffset()}
		}
		dec.scanp++
		dec.tokenState = tokenObjectValue
	}
	return nil
}

func (dec *Decoder) tokenValueAllowed() bool {
	switch dec.tokenState {
	case tokenTopValue, tokenArrayStart, tokenArrayValue, tokenObjectValue:
		return true
	}
	return false
}

func (dec *Decoder) tokenValueEnd() {
	switch dec.tokenState {
	case tokenArrayStart, tokenArrayValue:
		dec.tokenState = tokenArrayComma
	case tokenObjectValue:
		dec.tokenState = tokenObjectComma
	}
}

// Token returns the next JSON token in the input stream. At the end of
// the input stream, Token returns nil, io.EOF.
func (dec *Decoder) Token() (Token, error) {
	for {
		c, err := dec.peek()
		if err != nil {
			return nil, err
		}
		switch c {
		case '[', '{':
			if !dec.tokenValueAllowed() {
				return dec.tokenError(c)
			}
			dec.scanp++
			dec.tokenStack = append(dec.tokenStack, dec.tokenState)
			dec.tokenState = tokenArrayStart
			if c == '{' {
				dec.tokenState = tokenObjectStart
			}
			return Delim(c), nil
		case ']', '}':
			start, comma := tokenArrayStart, tokenArrayComma
			if c == '}' {
				start, comma = tokenObjectStart, tokenObjectComma
			}
			if dec.tokenState != start && dec.tokenState != comma {
				return dec.tokenError(c)
			}
			dec.scanp++
			dec.tokenState = dec.tokenStack[len(dec.tokenStack)-1]
			dec.tokenStack = dec.tokenStack[:len(dec.tokenStack)-1]
			dec.tokenValueEnd()
			return Delim(c), nil
		case ':':
			if dec.tokenState != tokenObjectColon {
				return dec.tokenError(c)
			}
			dec.scanp++
			dec.tokenState = tokenObjectValue
			continue
		case ',':
			if dec.tokenState == tokenArrayComma {
				dec.scanp++
				dec.tokenState = tokenArrayValue
				continue
			}
			if dec.tokenState == tokenObjectComma {
				dec.scanp++
				dec.tokenState = tokenObjectKey
				continue
			}
			return dec.tokenError(c)
		case '"':
			if dec.tokenState == tokenObjectStart || dec.tokenState == tokenObjectKey {
				var x string
				old := dec.tokenState
				dec.tokenState = tokenTopValue
				err := dec.Decode(&x)
				dec.tokenState = old
				if err != nil {
					return nil, err
				}
				dec.tokenState = tokenObjectColon
				return x, nil
			}
			fallthrough
		default:
			if !dec.tokenValueAllowed() {
				return dec.tokenError(c)
			}
			var x any
			if err := dec.Decode(&x); err != nil {
				return nil, err
			}
			return x, nil
		}
	}
}

func (dec *Decoder) tokenError(c byte) (Token, error) {
	var context string
	switch dec.tokenState {
	case tokenTopValue:
		context = " looking for beginning of value"
	case tokenArrayStart, tokenArrayValue, tokenObjectValue:
		context = " looking for beginning of value"
	case tokenArrayComma:
		context = " after array element"
	case tokenObjectKey:
		context = " looking for beginning of object key string"
	case tokenObjectColon:
		context = " after object key"
	case tokenObjectComma:
		context = " after object key:value pair"
	}
	return nil, &SyntaxError{"invalid character " + quoteChar(c) + context, dec.InputOffset()}
}

