// Package xml implements a simple XML 1.0 parser that understands XML
// name spaces, as Go's encoding/xml does: the token stream (Decoder),
// the token writer (Encoder) and Marshal/Unmarshal over reflect.
package xml

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// A SyntaxError represents a syntax error in the XML input stream.
type SyntaxError struct {
	Msg  string
	Line int
}

func (e *SyntaxError) Error() string {
	return "XML syntax error on line " + strconv.Itoa(e.Line) + ": " + e.Msg
}

// A Name represents an XML name (Local) annotated with a name space
// identifier (Space).
type Name struct {
	Space, Local string
}

// An Attr represents an attribute in an XML element (Name=Value).
type Attr struct {
	Name  Name
	Value string
}

// A Token is an interface holding one of the token types:
// StartElement, EndElement, CharData, Comment, ProcInst, or Directive.
type Token any

// A StartElement represents an XML start element.
type StartElement struct {
	Name Name
	Attr []Attr
}

// Copy creates a new copy of StartElement.
func (e StartElement) Copy() StartElement {
	attrs := make([]Attr, len(e.Attr))
	copy(attrs, e.Attr)
	e.Attr = attrs
	return e
}

// End returns the corresponding XML end element.
func (e StartElement) End() EndElement {
	return EndElement{e.Name}
}

// An EndElement represents an XML end element.
type EndElement struct {
	Name Name
}

// A CharData represents XML character data (raw text), in which XML
// escape sequences have been replaced by the characters they represent.
type CharData []byte

// Copy creates a new copy of CharData.
func (c CharData) Copy() CharData { return CharData(bytes.Clone(c)) }

// A Comment represents an XML comment of the form <!--comment-->.
type Comment []byte

// Copy creates a new copy of Comment.
func (c Comment) Copy() Comment { return Comment(bytes.Clone(c)) }

// A ProcInst represents an XML processing instruction of the form <?target inst?>
type ProcInst struct {
	Target string
	Inst   []byte
}

// Copy creates a new copy of ProcInst.
func (p ProcInst) Copy() ProcInst {
	p.Inst = bytes.Clone(p.Inst)
	return p
}

// A Directive represents an XML directive of the form <!text>.
type Directive []byte

// Copy creates a new copy of Directive.
func (d Directive) Copy() Directive { return Directive(bytes.Clone(d)) }

// CopyToken returns a copy of a Token.
func CopyToken(t Token) Token {
	switch v := t.(type) {
	case CharData:
		return v.Copy()
	case Comment:
		return v.Copy()
	case Directive:
		return v.Copy()
	case ProcInst:
		return v.Copy()
	case StartElement:
		return v.Copy()
	}
	return t
}

// A TokenReader is anything that can decode a stream of XML tokens.
type TokenReader interface {
	Token() (Token, error)
}

// A Decoder represents an XML parser reading a particular input stream.
type Decoder struct {
	// Strict defaults to true, enforcing the requirements of the XML
	// specification.
	Strict bool

	// When Strict == false, AutoClose lists elements to consider closed
	// immediately after they are opened.
	AutoClose []string

	// Entity maps non-standard entity names to string replacements.
	Entity map[string]string

	// CharsetReader, if non-nil, returns a reader converting the named
	// non-UTF-8 charset into UTF-8.
	CharsetReader func(charset string, input io.Reader) (io.Reader, error)

	// DefaultSpace sets the default name space used for unadorned tags.
	DefaultSpace string

	// The input: either src[pos:] (a whole document or a chunk read from
	// chunked), or one byte at a time from br.
	src     []byte
	pos     int
	br      io.ByteReader
	chunked io.Reader
	rawIn   io.Reader
	eof     error

	tr TokenReader

	buf   bytes.Buffer
	saved *bytes.Buffer // innerxml capture

	// The element and name-space stack.
	stk   []xmlFrame
	depth int // start elements on stk

	needClose bool
	toClose   Name
	nextToken Token
	unread    int // a byte given back, or -1
	ns        map[string]string
	err       error
	line      int
	linestart int64
	offset    int64

	inUnmarshalXML bool
}

const (
	frameStart = iota
	frameNs
	frameEOF
)

type xmlFrame struct {
	kind int
	name Name
	ok   bool
}

// NewDecoder creates a new XML parser reading from r. If r does not
// implement io.ByteReader, NewDecoder will do its own buffering.
func NewDecoder(r io.Reader) *Decoder {
	d := &Decoder{ns: map[string]string{}, unread: -1, line: 1, Strict: true}
	d.setReader(r)
	return d
}

// newBytesDecoder reads a whole document held in memory.
func newBytesDecoder(data []byte) *Decoder {
	d := &Decoder{ns: map[string]string{}, unread: -1, line: 1, Strict: true}
	d.src = data
	d.eof = io.EOF
	d.rawIn = bytes.NewReader(data)
	return d
}

// NewTokenDecoder creates a new XML parser using an underlying token stream.
func NewTokenDecoder(t TokenReader) *Decoder {
	if d, ok := t.(*Decoder); ok {
		return d
	}
	return &Decoder{ns: map[string]string{}, tr: t, unread: -1, line: 1, Strict: true}
}

func (d *Decoder) setReader(r io.Reader) {
	d.src, d.pos, d.br, d.chunked, d.eof = nil, 0, nil, nil, nil
	d.rawIn = r
	if b, ok := r.(io.ByteReader); ok {
		d.br = b
	} else {
		d.chunked = r
	}
}

// Token returns the next XML token in the input stream. At the end of
// the input stream, Token returns nil, io.EOF.
//
// Token guarantees that the StartElement and EndElement tokens it
// returns are properly nested and matched; name spaces are translated
// and ns prefixes are resolved.
func (d *Decoder) Token() (Token, error) {
	if n := len(d.stk); n > 0 && d.stk[n-1].kind == frameEOF {
		return nil, io.EOF
	}
	var t Token
	var err error
	if d.nextToken != nil {
		t = d.nextToken
		d.nextToken = nil
	} else {
		t, err = d.rawToken()
		if t == nil && err != nil {
			if err == io.EOF && len(d.stk) > 0 && d.stk[len(d.stk)-1].kind != frameEOF {
				err = d.syntaxError("unexpected EOF")
			}
			return nil, err
		}
		err = nil
	}
	if !d.Strict {
		if closer, ok := d.autoClose(t); ok {
			d.nextToken = t
			t = closer
		}
	}
	switch tt := t.(type) {
	case StartElement:
		for _, a := range tt.Attr {
			if a.Name.Space == "xmlns" {
				old, had := d.ns[a.Name.Local]
				d.stk = append(d.stk, xmlFrame{kind: frameNs, name: Name{Space: old, Local: a.Name.Local}, ok: had})
				d.ns[a.Name.Local] = a.Value
			}
			if a.Name.Space == "" && a.Name.Local == "xmlns" {
				old, had := d.ns[""]
				d.stk = append(d.stk, xmlFrame{kind: frameNs, name: Name{Space: old}, ok: had})
				d.ns[""] = a.Value
			}
		}
		d.stk = append(d.stk, xmlFrame{kind: frameStart, name: tt.Name})
		d.depth++
		d.translate(&tt.Name, true)
		for i := range tt.Attr {
			d.translate(&tt.Attr[i].Name, false)
		}
		t = tt
	case EndElement:
		if !d.popElement(&tt) {
			return nil, d.err
		}
		t = tt
	}
	return t, err
}

const (
	xmlURL      = "http://www.w3.org/XML/1998/namespace"
	xmlnsPrefix = "xmlns"
	xmlPrefix   = "xml"
)

// translate resolves a name's prefix to its name-space URL.
func (d *Decoder) translate(n *Name, isElementName bool) {
	switch {
	case n.Space == xmlnsPrefix:
		return
	case n.Space == "" && !isElementName:
		return
	case n.Space == xmlPrefix:
		n.Space = xmlURL
	case n.Space == "" && n.Local == xmlnsPrefix:
		return
	}
	if v, ok := d.ns[n.Space]; ok {
		n.Space = v
	} else if n.Space == "" {
		n.Space = d.DefaultSpace
	}
}

func (d *Decoder) pop() (xmlFrame, bool) {
	n := len(d.stk)
	if n == 0 {
		return xmlFrame{}, false
	}
	f := d.stk[n-1]
	d.stk = d.stk[:n-1]
	if f.kind == frameStart {
		d.depth--
	}
	return f, true
}

// pushEOF marks the current element so that Token reports io.EOF at its
// end (for UnmarshalXML methods): the mark goes just below the element's
// start and the name-space frames pushed with it.
func (d *Decoder) pushEOF() {
	i := len(d.stk) - 1
	for d.stk[i].kind != frameStart {
		i--
	}
	for i > 0 && d.stk[i-1].kind == frameNs {
		i--
	}
	d.stk = append(d.stk, xmlFrame{})
	copy(d.stk[i+1:], d.stk[i:])
	d.stk[i] = xmlFrame{kind: frameEOF}
}

func (d *Decoder) popEOF() bool {
	n := len(d.stk)
	if n == 0 || d.stk[n-1].kind != frameEOF {
		return false
	}
	d.stk = d.stk[:n-1]
	return true
}

func (d *Decoder) syntaxError(msg string) error {
	return &SyntaxError{Msg: msg, Line: d.line}
}

// popElement checks an end element against the open element and pops
// the name spaces it declared.
func (d *Decoder) popElement(t *EndElement) bool {
	s, ok := d.pop()
	name := t.Name
	switch {
	case !ok || s.kind != frameStart:
		d.err = d.syntaxError("unexpected end element </" + name.Local + ">")
		return false
	case s.name.Local != name.Local:
		if !d.Strict {
			d.needClose = true
			d.toClose = t.Name
			t.Name = s.name
			return true
		}
		d.err = d.syntaxError("element <" + s.name.Local + "> closed by </" + name.Local + ">")
		return false
	case s.name.Space != name.Space:
		ns := name.Space
		if name.Space == "" {
			ns = `""`
		}
		d.err = d.syntaxError("element <" + s.name.Local + "> in space " + s.name.Space +
			" closed by </" + name.Local + "> in space " + ns)
		return false
	}
	d.translate(&t.Name, true)
	for n := len(d.stk); n > 0 && d.stk[n-1].kind == frameNs; n = len(d.stk) {
		f := d.stk[n-1]
		d.stk = d.stk[:n-1]
		if f.ok {
			d.ns[f.name.Local] = f.name.Space
		} else {
			delete(d.ns, f.name.Local)
		}
	}
	return true
}

// autoClose gives the end element that closes an AutoClose element
// before token t, when t does not close it itself.
func (d *Decoder) autoClose(t Token) (Token, bool) {
	n := len(d.stk)
	if n == 0 || d.stk[n-1].kind != frameStart {
		return nil, false
	}
	top := d.stk[n-1].name
	for _, s := range d.AutoClose {
		if strings.EqualFold(s, top.Local) {
			et, ok := t.(EndElement)
			if !ok || !strings.EqualFold(et.Name.Local, top.Local) {
				return EndElement{top}, true
			}
			break
		}
	}
	return nil, false
}

var errRawToken = errors.New("xml: cannot use RawToken from UnmarshalXML method")

// RawToken is like Token but does not verify that start and end
// elements match and does not translate name space prefixes.
func (d *Decoder) RawToken() (Token, error) {
	if d.inUnmarshalXML {
		return nil, errRawToken
	}
	return d.rawToken()
}

func (d *Decoder) fail(msg string) (Token, error) {
	d.err = d.syntaxError(msg)
	return nil, d.err
}

func (d *Decoder) rawToken() (Token, error) {
	if d.tr != nil {
		return d.tr.Token()
	}
	if d.err != nil {
		return nil, d.err
	}
	if d.needClose {
		d.needClose = false
		return EndElement{d.toClose}, nil
	}
	b, ok := d.getc()
	if !ok {
		return nil, d.err
	}
	if b != '<' {
		d.ungetc(b)
		data := d.text(-1, false)
		if data == nil {
			return nil, d.err
		}
		return CharData(data), nil
	}
	if b, ok = d.mustgetc(); !ok {
		return nil, d.err
	}
	switch b {
	case '/':
		name, ok := d.nsname()
		if !ok {
			if d.err == nil {
				return d.fail("expected element name after </")
			}
			return nil, d.err
		}
		d.space()
		if b, ok = d.mustgetc(); !ok {
			return nil, d.err
		}
		if b != '>' {
			return d.fail("invalid characters between </" + name.Local + " and >")
		}
		return EndElement{name}, nil
	case '?':
		return d.procInst()
	case '!':
		return d.bang()
	}
	d.ungetc(b)
	return d.startTag()
}

func (d *Decoder) procInst() (Token, error) {
	target, ok := d.name()
	if !ok {
		if d.err == nil {
			return d.fail("expected target name after <?")
		}
		return nil, d.err
	}
	d.space()
	d.buf.Reset()
	var prev byte
	for {
		b, ok := d.mustgetc()
		if !ok {
			return nil, d.err
		}
		d.buf.WriteByte(b)
		if prev == '?' && b == '>' {
			break
		}
		prev = b
	}
	data := bytes.Clone(d.buf.Bytes()[:d.buf.Len()-2])
	if target == "xml" {
		content := string(data)
		if ver := procInstParam("version", content); ver != "" && ver != "1.0" {
			d.err = fmt.Errorf("xml: unsupported version %q; only version 1.0 is supported", ver)
			return nil, d.err
		}
		if enc := procInstParam("encoding", content); enc != "" && !strings.EqualFold(enc, "utf-8") {
			if d.CharsetReader == nil {
				d.err = fmt.Errorf("xml: encoding %q declared but Decoder.CharsetReader is nil", enc)
				return nil, d.err
			}
			nr, err := d.CharsetReader(enc, d.remaining())
			if err != nil {
				d.err = fmt.Errorf("xml: opening charset %q: %w", enc, err)
				return nil, d.err
			}
			if nr == nil {
				panic("CharsetReader returned a nil Reader for charset " + enc)
			}
			d.setReader(nr)
		}
	}
	return ProcInst{target, data}, nil
}

// remaining is the unread input as a reader.
func (d *Decoder) remaining() io.Reader {
	if d.src != nil || d.chunked != nil {
		rest := bytes.NewReader(d.src[d.pos:])
		if d.chunked != nil {
			return io.MultiReader(rest, d.chunked)
		}
		return rest
	}
	if r, ok := d.br.(io.Reader); ok {
		return r
	}
	return d.rawIn
}

func (d *Decoder) bang() (Token, error) {
	b, ok := d.mustgetc()
	if !ok {
		return nil, d.err
	}
	switch b {
	case '-':
		if b, ok = d.mustgetc(); !ok {
			return nil, d.err
		}
		if b != '-' {
			return d.fail("invalid sequence <!- not part of <!--")
		}
		d.buf.Reset()
		var p0, p1 byte
		for {
			if b, ok = d.mustgetc(); !ok {
				return nil, d.err
			}
			d.buf.WriteByte(b)
			if p0 == '-' && p1 == '-' {
				if b != '>' {
					return d.fail(`invalid sequence "--" not allowed in comments`)
				}
				break
			}
			p0, p1 = p1, b
		}
		return Comment(bytes.Clone(d.buf.Bytes()[:d.buf.Len()-3])), nil
	case '[':
		for i := 0; i < 6; i++ {
			if b, ok = d.mustgetc(); !ok {
				return nil, d.err
			}
			if b != "CDATA["[i] {
				return d.fail("invalid <![ sequence")
			}
		}
		data := d.text(-1, true)
		if data == nil {
			return nil, d.err
		}
		return CharData(data), nil
	}
	// A directive: up to the matching '>', minding quotes, nested <...>
	// and comments (each of which becomes one space).
	d.buf.Reset()
	d.buf.WriteByte(b)
	var quote byte
	depth := 0
	for {
		if b, ok = d.mustgetc(); !ok {
			return nil, d.err
		}
		if quote == 0 && b == '>' && depth == 0 {
			break
		}
	again:
		d.buf.WriteByte(b)
		switch {
		case b == quote:
			quote = 0
		case quote != 0:
		case b == '\'' || b == '"':
			quote = b
		case b == '>':
			depth--
		case b == '<':
			const open = "!--"
			matched := 0
			for matched < len(open) {
				if b, ok = d.mustgetc(); !ok {
					return nil, d.err
				}
				if b != open[matched] {
					break
				}
				matched++
			}
			if matched < len(open) {
				d.buf.WriteString(open[:matched])
				depth++
				goto again
			}
			d.buf.Truncate(d.buf.Len() - 1)
			var p0, p1 byte
			for {
				if b, ok = d.mustgetc(); !ok {
					return nil, d.err
				}
				if p0 == '-' && p1 == '-' && b == '>' {
					break
				}
				p0, p1 = p1, b
			}
			d.buf.WriteByte(' ')
		}
	}
	return Directive(bytes.Clone(d.buf.Bytes())), nil
}

func (d *Decoder) startTag() (Token, error) {
	name, ok := d.nsname()
	if !ok {
		if d.err == nil {
			return d.fail("expected element name after <")
		}
		return nil, d.err
	}
	attr := []Attr{}
	empty := false
	for {
		d.space()
		b, ok := d.mustgetc()
		if !ok {
			return nil, d.err
		}
		if b == '/' {
			empty = true
			if b, ok = d.mustgetc(); !ok {
				return nil, d.err
			}
			if b != '>' {
				return d.fail("expected /> in element")
			}
			break
		}
		if b == '>' {
			break
		}
		d.ungetc(b)
		var a Attr
		if a.Name, ok = d.nsname(); !ok {
			if d.err == nil {
				return d.fail("expected attribute name in element")
			}
			return nil, d.err
		}
		d.space()
		if b, ok = d.mustgetc(); !ok {
			return nil, d.err
		}
		if b != '=' {
			if d.Strict {
				return d.fail("attribute name without = in element")
			}
			d.ungetc(b)
			a.Value = a.Name.Local
		} else {
			d.space()
			data := d.attrval()
			if data == nil {
				return nil, d.err
			}
			a.Value = string(data)
		}
		attr = append(attr, a)
	}
	if empty {
		d.needClose = true
		d.toClose = name
	}
	return StartElement{name, attr}, nil
}

func (d *Decoder) attrval() []byte {
	b, ok := d.mustgetc()
	if !ok {
		return nil
	}
	if b == '"' || b == '\'' {
		return d.text(int(b), false)
	}
	if d.Strict {
		d.err = d.syntaxError("unquoted or missing attribute value in element")
		return nil
	}
	d.ungetc(b)
	d.buf.Reset()
	for {
		if b, ok = d.mustgetc(); !ok {
			return nil
		}
		if 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9' || b == '_' || b == ':' || b == '-' {
			d.buf.WriteByte(b)
			continue
		}
		d.ungetc(b)
		break
	}
	return d.buf.Bytes()
}

func (d *Decoder) space() {
	for {
		b, ok := d.getc()
		if !ok {
			return
		}
		if b != ' ' && b != '\r' && b != '\n' && b != '\t' {
			d.ungetc(b)
			return
		}
	}
}

// fill reads the next chunk of a reader that is not a ByteReader.
func (d *Decoder) fill() bool {
	if d.chunked == nil {
		if d.eof == nil {
			d.eof = io.EOF
		}
		return false
	}
	if d.eof != nil {
		return false
	}
	buf := make([]byte, 4096)
	for tries := 0; tries < 100; tries++ {
		n, err := d.chunked.Read(buf)
		if n > 0 {
			d.src, d.pos = buf[:n], 0
			if err != nil {
				d.eof = err
				d.chunked = nil
			}
			return true
		}
		if err != nil {
			d.eof = err
			return false
		}
	}
	d.eof = io.ErrNoProgress
	return false
}

func (d *Decoder) getc() (b byte, ok bool) {
	if d.err != nil {
		return 0, false
	}
	if d.unread >= 0 {
		b = byte(d.unread)
		d.unread = -1
	} else {
		if d.br != nil {
			b, d.err = d.br.ReadByte()
			if d.err != nil {
				return 0, false
			}
		} else {
			if d.pos >= len(d.src) && !d.fill() {
				d.err = d.eof
				return 0, false
			}
			b = d.src[d.pos]
			d.pos++
		}
		if d.saved != nil {
			d.saved.WriteByte(b)
		}
	}
	if b == '\n' {
		d.line++
		d.linestart = d.offset + 1
	}
	d.offset++
	return b, true
}

// InputOffset returns the input stream byte offset of the current
// decoder position.
func (d *Decoder) InputOffset() int64 { return d.offset }

// InputPos returns the line of the current decoder position and the
// 1 based input position of the line.
func (d *Decoder) InputPos() (line, column int) {
	return d.line, int(d.offset-d.linestart) + 1
}

func (d *Decoder) savedOffset() int {
	n := d.saved.Len()
	if d.unread >= 0 {
		n--
	}
	return n
}

func (d *Decoder) mustgetc() (b byte, ok bool) {
	if b, ok = d.getc(); !ok {
		if d.err == io.EOF {
			d.err = d.syntaxError("unexpected EOF")
		}
	}
	return
}

func (d *Decoder) ungetc(b byte) {
	if b == '\n' {
		d.line--
	}
	d.unread = int(b)
	d.offset--
}

// text reads character data up to '<' (quote < 0), the closing quote of
// an attribute value, or "]]>" ending a CDATA section; it replaces
// entities and normalizes line ends.
func (d *Decoder) text(quote int, cdata bool) []byte {
	var p0, p1 byte
	trunc := 0
	check := false // whether data needs the character check
	d.buf.Reset()
	for {
		if !cdata && p1 != '\r' && d.fastOK() && d.pos < len(d.src) {
			// Fast path: a run of plain bytes straight from the buffer.
			src := d.src
			i := d.pos
			for i < len(src) {
				c := src[i]
				if k := textClass[c]; k != 0 {
					if k == textNewline {
						d.line++
						d.linestart = d.offset + int64(i-d.pos) + 1
					} else if k == textHigh {
						check = true
					} else if k == textStop || int(c) == quote {
						break
					}
				}
				i++
			}
			if i > d.pos {
				d.buf.Write(src[d.pos:i])
				d.offset += int64(i - d.pos)
				d.pos = i
				p0, p1 = 0, 0
				if i == len(src) && d.chunked == nil {
					break
				}
			}
		}
		b, ok := d.getc()
		if !ok {
			if cdata {
				if d.err == io.EOF {
					d.err = d.syntaxError("unexpected EOF in CDATA section")
				}
				return nil
			}
			break
		}
		if quote < 0 && p0 == ']' && p1 == ']' && b == '>' {
			if cdata {
				trunc = 2
				break
			}
			d.err = d.syntaxError("unescaped ]]> not in CDATA section")
			return nil
		}
		if b == '<' && !cdata {
			if quote >= 0 {
				d.err = d.syntaxError("unescaped < inside quoted string")
				return nil
			}
			d.ungetc('<')
			break
		}
		if quote >= 0 && b == byte(quote) {
			break
		}
		if b == '&' && !cdata {
			if !d.entity(&check) {
				return nil
			}
			p0, p1 = 0, 0
			continue
		}
		if b == '\r' {
			d.buf.WriteByte('\n')
		} else if p1 == '\r' && b == '\n' {
			// \r\n became one \n
		} else {
			d.buf.WriteByte(b)
			if b >= 0x80 || b < 0x20 {
				check = true
			}
		}
		p0, p1 = p1, b
	}
	data := d.buf.Bytes()
	data = data[:len(data)-trunc]
	for i := 0; check && i < len(data); {
		c := data[i]
		if c < utf8.RuneSelf {
			if c < 0x20 && c != '\t' && c != '\n' && c != '\r' {
				d.err = d.syntaxError(fmt.Sprintf("illegal character code %U", rune(c)))
				return nil
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && size == 1 {
			d.err = d.syntaxError("invalid UTF-8")
			return nil
		}
		if !isInCharacterRange(r) {
			d.err = d.syntaxError(fmt.Sprintf("illegal character code %U", r))
			return nil
		}
		i += size
	}
	return bytes.Clone(data)
}

// entity reads a character or entity reference after '&' into d.buf;
// false with d.err set on an error.
func (d *Decoder) entity(check *bool) bool {
	before := d.buf.Len()
	d.buf.WriteByte('&')
	var repl string
	have := false
	b, ok := d.mustgetc()
	if !ok {
		return false
	}
	if b == '#' {
		d.buf.WriteByte(b)
		if b, ok = d.mustgetc(); !ok {
			return false
		}
		base := 10
		if b == 'x' {
			base = 16
			d.buf.WriteByte(b)
			if b, ok = d.mustgetc(); !ok {
				return false
			}
		}
		start := d.buf.Len()
		for '0' <= b && b <= '9' || base == 16 && ('a' <= b && b <= 'f' || 'A' <= b && b <= 'F') {
			d.buf.WriteByte(b)
			if b, ok = d.mustgetc(); !ok {
				return false
			}
		}
		if b != ';' {
			d.ungetc(b)
		} else {
			digits := string(d.buf.Bytes()[start:])
			d.buf.WriteByte(';')
			n, err := strconv.ParseUint(digits, base, 64)
			if err == nil && n <= 0x10FFFF {
				repl = string(rune(n))
				have = true
			}
		}
	} else {
		d.ungetc(b)
		if !d.readName() && d.err != nil {
			return false
		}
		if b, ok = d.mustgetc(); !ok {
			return false
		}
		if b != ';' {
			d.ungetc(b)
		} else {
			name := d.buf.Bytes()[before+1:]
			d.buf.WriteByte(';')
			if isName(name) {
				s := string(name)
				switch s {
				case "lt":
					repl, have = "<", true
				case "gt":
					repl, have = ">", true
				case "amp":
					repl, have = "&", true
				case "apos":
					repl, have = "'", true
				case "quot":
					repl, have = `"`, true
				default:
					if d.Entity != nil {
						repl, have = d.Entity[s]
					}
				}
			}
		}
	}
	if have {
		d.buf.Truncate(before)
		d.buf.WriteString(repl)
		if repl != "" && (repl[0] < 0x20 || repl[0] >= 0x80) {
			*check = true
		}
		return true
	}
	if !d.Strict {
		*check = true // the raw text stays, and is checked
		return true
	}
	ent := string(d.buf.Bytes()[before:])
	if ent[len(ent)-1] != ';' {
		ent += " (no semicolon)"
	}
	d.err = d.syntaxError("invalid character entity " + ent)
	return false
}

func isInCharacterRange(r rune) bool {
	return r == 0x09 || r == 0x0A || r == 0x0D ||
		r >= 0x20 && r <= 0xD7FF ||
		r >= 0xE000 && r <= 0xFFFD ||
		r >= 0x10000 && r <= 0x10FFFF
}

// nsname reads a name and splits an optional prefix off it.
func (d *Decoder) nsname() (name Name, ok bool) {
	s, ok := d.name()
	if !ok {
		return
	}
	if strings.Count(s, ":") > 1 {
		return name, false
	}
	space, local, found := strings.Cut(s, ":")
	if !found || space == "" || local == "" {
		name.Local = s
	} else {
		name.Space = space
		name.Local = local
	}
	return name, true
}

func (d *Decoder) name() (string, bool) {
	d.buf.Reset()
	if !d.readName() {
		return "", false
	}
	b := d.buf.Bytes()
	if !isName(b) {
		d.err = d.syntaxError("invalid XML name: " + string(b))
		return "", false
	}
	return string(b), true
}

// fastOK reports whether the fast paths may read d.src directly: when
// nothing is being saved for innerxml; a byte given back by ungetc
// (always src[pos-1] then) is put back into the buffer.
func (d *Decoder) fastOK() bool {
	if d.br != nil || d.saved != nil {
		return false
	}
	if d.unread >= 0 {
		d.pos--
		d.unread = -1
	}
	return true
}

// Byte classes for the fast paths of text and readName.
const (
	textPlain = iota
	textNewline
	textHigh
	textStop
	textQuote
)

var textClass, nameClass = byteClasses()

func byteClasses() (text, name [256]uint8) {
	for c := 0; c < 256; c++ {
		switch {
		case c >= 0x80:
			text[c] = textHigh
		case c == '\n':
			text[c] = textNewline
		case c == '\t':
		case c < 0x20, c == '<', c == '&', c == ']', c == '>':
			text[c] = textStop
		case c == '"', c == '\'':
			text[c] = textQuote
		}
		if c >= 0x80 || isNameByte(byte(c)) {
			name[c] = 1
		}
	}
	return
}

// readName appends the bytes of a name to d.buf.
func (d *Decoder) readName() bool {
	if d.fastOK() {
		// Fast path: the whole name is in the buffer.
		src := d.src
		i := d.pos
		for i < len(src) && nameClass[src[i]] != 0 {
			i++
		}
		if i < len(src) && i > d.pos {
			d.buf.Write(src[d.pos:i])
			d.offset += int64(i - d.pos)
			d.pos = i
			return true
		}
	}
	b, ok := d.mustgetc()
	if !ok {
		return false
	}
	if b < utf8.RuneSelf && !isNameByte(b) {
		d.ungetc(b)
		return false
	}
	d.buf.WriteByte(b)
	for {
		if b, ok = d.mustgetc(); !ok {
			return false
		}
		if b < utf8.RuneSelf && !isNameByte(b) {
			d.ungetc(b)
			return true
		}
		d.buf.WriteByte(b)
	}
}

func isNameByte(c byte) bool {
	return 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' ||
		c == '_' || c == ':' || c == '.' || c == '-'
}

func inRanges(table []rune, r rune) bool {
	lo, hi := 0, len(table)/2
	for lo < hi {
		m := (lo + hi) / 2
		if r < table[2*m] {
			hi = m
		} else if r > table[2*m+1] {
			lo = m + 1
		} else {
			return true
		}
	}
	return false
}

func isNameRune(r rune, first bool) bool {
	if r < utf8.RuneSelf {
		c := byte(r)
		if 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || c == '_' || c == ':' {
			return true
		}
		return !first && ('0' <= c && c <= '9' || c == '.' || c == '-')
	}
	if inRanges(xmlNameFirst, r) {
		return true
	}
	return !first && inRanges(xmlNameRest, r)
}

func isName(s []byte) bool { return isNameString(string(s)) }

func isNameString(s string) bool {
	if s == "" {
		return false
	}
	if c := s[0]; c < utf8.RuneSelf && (c < 'A' && c != ':' || c == '[' || c == '\\' || c == ']' || c == '^' || c == '`' || c > 'z') {
		return false
	}
	ascii := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf {
			ascii = false
			break
		} else if !isNameByte(c) {
			return false
		}
	}
	if ascii {
		return true
	}
	for i, r := range s {
		if r == utf8.RuneError {
			if _, size := utf8.DecodeRuneInString(s[i:]); size == 1 {
				return false
			}
		}
		if !isNameRune(r, i == 0) {
			return false
		}
	}
	return true
}

// escapeFor is the replacement for byte or rune r in escaped text, or "".
func escapeFor(r rune, width int, escapeNewline bool) string {
	switch r {
	case '"':
		return "&#34;"
	case '\'':
		return "&#39;"
	case '&':
		return "&amp;"
	case '<':
		return "&lt;"
	case '>':
		return "&gt;"
	case '\t':
		return "&#x9;"
	case '\n':
		if escapeNewline {
			return "&#xA;"
		}
		return ""
	case '\r':
		return "&#xD;"
	}
	if !isInCharacterRange(r) || r == utf8.RuneError && width == 1 {
		return "\uFFFD"
	}
	return ""
}

// appendEscaped appends s escaped as XML text to dst.
func appendEscaped(dst []byte, s string, escapeNewline bool) []byte {
	last := 0
	for i := 0; i < len(s); {
		c := s[i]
		var r rune
		width := 1
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\'' && c != '&' && c != '<' && c != '>' {
				i++
				continue
			}
			r = rune(c)
		} else {
			r, width = utf8.DecodeRuneInString(s[i:])
		}
		esc := escapeFor(r, width, escapeNewline)
		i += width
		if esc == "" {
			continue
		}
		dst = append(dst, s[last:i-width]...)
		dst = append(dst, esc...)
		last = i
	}
	return append(dst, s[last:]...)
}

// EscapeText writes to w the properly escaped XML equivalent
// of the plain text data s.
func EscapeText(w io.Writer, s []byte) error {
	return escapeText(w, s, true)
}

func escapeText(w io.Writer, s []byte, escapeNewline bool) error {
	_, err := w.Write(appendEscaped(nil, string(s), escapeNewline))
	return err
}

// Escape is like EscapeText but omits the error return value.
// It is provided for backwards compatibility with Go 1.0.
func Escape(w io.Writer, s []byte) {
	EscapeText(w, s)
}

// emitCDATA writes s as CDATA sections, splitting any "]]>" in it.
func emitCDATA(w io.Writer, s []byte) error {
	if len(s) == 0 {
		return nil
	}
	var out []byte
	out = append(out, "<![CDATA["...)
	for {
		i := bytes.Index(s, []byte("]]>"))
		if i < 0 {
			break
		}
		out = append(out, s[:i]...)
		out = append(out, "]]]]><![CDATA[>"...)
		s = s[i+3:]
	}
	out = append(out, s...)
	out = append(out, "]]>"...)
	_, err := w.Write(out)
	return err
}

// procInstParam is the value of param="..." (or '...') in a processing
// instruction's text, or "".
func procInstParam(param, s string) string {
	param += "="
	i := 0
	var sep byte
	for i < len(s) {
		sub := s[i:]
		k := strings.Index(sub, param)
		if k < 0 || len(param)+k >= len(sub) {
			return ""
		}
		i += len(param) + k + 1
		if c := sub[len(param)+k]; c == '\'' || c == '"' {
			sep = c
			break
		}
	}
	if sep == 0 {
		return ""
	}
	j := strings.IndexByte(s[i:], sep)
	if j < 0 {
		return ""
	}
	return s[i : i+j]
}
