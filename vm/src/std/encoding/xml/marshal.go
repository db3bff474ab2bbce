package xml

import (
	"bytes"
	"encoding"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
	"sync"
)

// Header is a generic XML header suitable for use with the output of
// Marshal. This is not automatically added to any output of this
// package, it is provided as a convenience.
const Header = `<?xml version="1.0" encoding="UTF-8"?>` + "\n"

// Marshal returns the XML encoding of v.
func Marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := NewEncoder(&b)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// Marshaler is the interface implemented by objects that can marshal
// themselves into valid XML elements.
type Marshaler interface {
	MarshalXML(e *Encoder, start StartElement) error
}

// MarshalerAttr is the interface implemented by objects that can marshal
// themselves into valid XML attributes.
type MarshalerAttr interface {
	MarshalXMLAttr(name Name) (Attr, error)
}

// MarshalIndent works like Marshal, but each XML element begins on a new
// indented line that starts with prefix and is followed by one or more
// copies of indent according to the nesting depth.
func MarshalIndent(v any, prefix, indent string) ([]byte, error) {
	var b bytes.Buffer
	enc := NewEncoder(&b)
	enc.Indent(prefix, indent)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// An Encoder writes XML data to an output stream.
type Encoder struct {
	p printer
}

// NewEncoder returns a new encoder that writes to w.
func NewEncoder(w io.Writer) *Encoder {
	e := &Encoder{printer{w: w}}
	e.p.encoder = e
	return e
}

// Indent sets the encoder to generate XML in which each element begins
// on a new indented line that starts with prefix and is followed by one
// or more copies of indent according to the nesting depth.
func (enc *Encoder) Indent(prefix, indent string) {
	enc.p.prefix = prefix
	enc.p.indent = indent
}

// Encode writes the XML encoding of v to the stream.
func (enc *Encoder) Encode(v any) error {
	if err := enc.p.marshalValue(reflect.ValueOf(v), nil, nil); err != nil {
		return err
	}
	return enc.p.flush()
}

// EncodeElement writes the XML encoding of v to the stream, using start
// as the outermost tag in the encoding.
func (enc *Encoder) EncodeElement(v any, start StartElement) error {
	if err := enc.p.marshalValue(reflect.ValueOf(v), nil, &start); err != nil {
		return err
	}
	return enc.p.flush()
}

// EncodeToken writes the given XML token to the stream.
func (enc *Encoder) EncodeToken(t Token) error {
	p := &enc.p
	switch t := t.(type) {
	case StartElement:
		if err := p.writeStart(&t); err != nil {
			return err
		}
	case EndElement:
		if err := p.writeEnd(t.Name); err != nil {
			return err
		}
	case CharData:
		p.escape(string(t), false)
	case Comment:
		if bytes.Contains(t, []byte("-->")) {
			return errors.New("xml: EncodeToken of Comment containing --> marker")
		}
		p.WriteString("<!--")
		p.Write(t)
		p.WriteString("-->")
		return p.cachedWriteError()
	case ProcInst:
		if t.Target == "xml" && len(p.out) != 0 {
			return errors.New("xml: EncodeToken of ProcInst xml target only valid for xml declaration, first token encoded")
		}
		if !isNameString(t.Target) {
			return errors.New("xml: EncodeToken of ProcInst with invalid Target")
		}
		if bytes.Contains(t.Inst, []byte("?>")) {
			return errors.New("xml: EncodeToken of ProcInst containing ?> marker")
		}
		p.WriteString("<?")
		p.WriteString(t.Target)
		if len(t.Inst) > 0 {
			p.WriteByte(' ')
			p.Write(t.Inst)
		}
		p.WriteString("?>")
	case Directive:
		if !isValidDirective(t) {
			return errors.New("xml: EncodeToken of Directive containing wrong < or > markers")
		}
		p.WriteString("<!")
		p.Write(t)
		p.WriteString(">")
	default:
		return errors.New("xml: EncodeToken of invalid token type")
	}
	return p.cachedWriteError()
}

// isValidDirective reports whether dir's < and > balance outside quotes
// and comments.
func isValidDirective(dir Directive) bool {
	depth := 0
	var quote byte
	inComment := false
	for i := 0; i < len(dir); i++ {
		c := dir[i]
		switch {
		case inComment:
			if c == '>' && i >= 2 && dir[i-1] == '-' && dir[i-2] == '-' {
				inComment = false
			}
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '<':
			if i+4 < len(dir) && string(dir[i:i+4]) == "<!--" {
				inComment = true
			} else {
				depth++
			}
		case c == '>':
			if depth == 0 {
				return false
			}
			depth--
		}
	}
	return depth == 0 && quote == 0 && !inComment
}

// Flush flushes any buffered XML to the underlying writer.
func (enc *Encoder) Flush() error {
	return enc.p.flush()
}

// Close the Encoder, indicating that no more data will be written. It
// flushes any buffered XML to the underlying writer and returns an error
// if the written XML is invalid (e.g. by containing unclosed elements).
func (enc *Encoder) Close() error {
	return enc.p.Close()
}

const printerBufSize = 4096

type printer struct {
	w          io.Writer
	out        []byte // buffered output
	werr       error  // the writer's sticky error
	encoder    *Encoder
	seq        int
	indent     string
	prefix     string
	depth      int
	indentedIn bool
	putNewline bool
	attrNS     map[string]string // prefix -> name space
	attrPrefix map[string]string // name space -> prefix
	prefixes   []string
	tags       []Name
	closed     bool
	err        error
}

// flush writes the buffered output, as a bufio.Writer would.
func (p *printer) flush() error {
	if p.werr != nil {
		return p.werr
	}
	if len(p.out) == 0 {
		return nil
	}
	n, err := p.w.Write(p.out)
	if n < len(p.out) && err == nil {
		err = io.ErrShortWrite
	}
	if err != nil {
		if n > 0 && n < len(p.out) {
			copy(p.out, p.out[n:])
		}
		p.out = p.out[:len(p.out)-n]
		p.werr = err
		return err
	}
	p.out = p.out[:0]
	return nil
}

func (p *printer) grown() error {
	if len(p.out) >= printerBufSize {
		return p.flush()
	}
	return p.werr
}

func (p *printer) usable() bool {
	if p.closed && p.err == nil {
		p.err = errors.New("use of closed Encoder")
	}
	return p.err == nil
}

func (p *printer) Write(b []byte) (int, error) {
	if p.usable() {
		if p.werr != nil {
			p.err = p.werr
			return 0, p.err
		}
		p.out = append(p.out, b...)
		p.err = p.grown()
		if p.err != nil {
			return 0, p.err
		}
		return len(b), nil
	}
	return 0, p.err
}

func (p *printer) WriteString(s string) (int, error) {
	if p.usable() {
		if p.werr != nil {
			p.err = p.werr
			return 0, p.err
		}
		p.out = append(p.out, s...)
		p.err = p.grown()
		if p.err != nil {
			return 0, p.err
		}
		return len(s), nil
	}
	return 0, p.err
}

func (p *printer) WriteByte(c byte) error {
	if p.usable() {
		if p.werr != nil {
			p.err = p.werr
			return p.err
		}
		p.out = append(p.out, c)
		p.err = p.grown()
	}
	return p.err
}

// escape writes s escaped as XML text.
func (p *printer) escape(s string, escapeNewline bool) {
	if p.usable() {
		if p.werr != nil {
			p.err = p.werr
			return
		}
		p.out = appendEscaped(p.out, s, escapeNewline)
		p.err = p.grown()
	}
}

func (p *printer) Close() error {
	if p.closed {
		return nil
	}
	p.closed = true
	if err := p.flush(); err != nil {
		return err
	}
	if len(p.tags) > 0 {
		return fmt.Errorf("unclosed tag <%s>", p.tags[len(p.tags)-1].Local)
	}
	return nil
}

func (p *printer) cachedWriteError() error {
	_, err := p.Write(nil)
	return err
}

// createAttrPrefix finds or declares (with an xmlns:prefix attribute
// written in place) the prefix of name space url.
func (p *printer) createAttrPrefix(url string) string {
	if prefix := p.attrPrefix[url]; prefix != "" {
		return prefix
	}
	if url == xmlURL {
		return xmlPrefix
	}
	if p.attrPrefix == nil {
		p.attrPrefix = map[string]string{}
		p.attrNS = map[string]string{}
	}
	prefix := strings.TrimRight(url, "/")
	if i := strings.LastIndex(prefix, "/"); i >= 0 {
		prefix = prefix[i+1:]
	}
	if prefix == "" || !isNameString(prefix) || strings.Contains(prefix, ":") {
		prefix = "_"
	}
	if len(prefix) >= 3 && strings.EqualFold(prefix[:3], "xml") {
		prefix = "_" + prefix
	}
	if p.attrNS[prefix] != "" {
		for p.seq++; ; p.seq++ {
			if id := prefix + "_" + strconv.Itoa(p.seq); p.attrNS[id] == "" {
				prefix = id
				break
			}
		}
	}
	p.attrPrefix[url] = prefix
	p.attrNS[prefix] = url
	p.WriteString(`xmlns:`)
	p.WriteString(prefix)
	p.WriteString(`="`)
	p.escape(url, true)
	p.WriteString(`" `)
	p.prefixes = append(p.prefixes, prefix)
	return prefix
}

func (p *printer) popPrefix() {
	for len(p.prefixes) > 0 {
		prefix := p.prefixes[len(p.prefixes)-1]
		p.prefixes = p.prefixes[:len(p.prefixes)-1]
		if prefix == "" {
			break
		}
		delete(p.attrPrefix, p.attrNS[prefix])
		delete(p.attrNS, prefix)
	}
}

var (
	marshalerType     = reflect.TypeFor[Marshaler]()
	marshalerAttrType = reflect.TypeFor[MarshalerAttr]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
)

// The interfaces the encoder and decoder look for, as bits of implInfo.
const (
	implMarshaler = 1 << iota
	implMarshalerAttr
	implTextMarshaler
	implUnmarshaler
	implUnmarshalerAttr
	implTextUnmarshaler
)

// implInfo: which of those interfaces a type (val) and its pointer
// type (ptr) implement.
type implInfo struct {
	val, ptr int
}

var implCache struct {
	sync.Mutex
	m map[reflect.Type]implInfo
}

func implementsOf(t reflect.Type) int {
	bits := 0
	for i, it := range []reflect.Type{marshalerType, marshalerAttrType, textMarshalerType,
		unmarshalerType, unmarshalerAttrType, textUnmarshalerType} {
		if t.Implements(it) {
			bits |= 1 << i
		}
	}
	return bits
}

func implOf(t reflect.Type) implInfo {
	implCache.Lock()
	info, ok := implCache.m[t]
	implCache.Unlock()
	if ok {
		return info
	}
	info.val = implementsOf(t)
	if t.Kind() != reflect.Pointer && t.Kind() != reflect.Interface {
		if pt, ok := ptrTo(t); ok {
			info.ptr = implementsOf(pt)
		}
	}
	implCache.Lock()
	if implCache.m == nil {
		implCache.m = map[reflect.Type]implInfo{}
	}
	implCache.m[t] = info
	implCache.Unlock()
	return info
}

// asIface is v's value as the interface of bit which, if v (or, when
// addressable, its address) implements it; the second result is the
// type that does.
func asIface(v reflect.Value, which int) (any, reflect.Type, bool) {
	if !v.IsValid() {
		return nil, nil, false
	}
	if v.Kind() == reflect.Interface {
		// As Go's reflect.TypeAssert: the value the interface holds.
		if v.IsNil() || !v.CanInterface() {
			return nil, nil, false
		}
		e := v.Elem()
		if implOf(e.Type()).val&which != 0 {
			return e.Interface(), e.Type(), true
		}
		return nil, nil, false
	}
	info := implOf(v.Type())
	if info.val&which != 0 && v.CanInterface() {
		return v.Interface(), v.Type(), true
	}
	if info.ptr&which != 0 && v.CanAddr() {
		pv := v.Addr()
		if pv.CanInterface() {
			return pv.Interface(), pv.Type(), true
		}
	}
	return nil, nil, false
}

// ptrTo is *t when minigo knows that type (it makes no new types at
// run time; a type with pointer methods always has its pointer type).
func ptrTo(t reflect.Type) (p reflect.Type, ok bool) {
	defer func() {
		if recover() != nil {
			p, ok = nil, false
		}
	}()
	return reflect.PointerTo(t), true
}

func (p *printer) marshalValue(val reflect.Value, finfo *fieldInfo, startTemplate *StartElement) error {
	if startTemplate != nil && startTemplate.Name.Local == "" {
		return errors.New("xml: EncodeElement of StartElement with missing name")
	}
	if !val.IsValid() {
		return nil
	}
	if finfo != nil && finfo.flags&fOmitEmpty != 0 && isEmptyValue(val) {
		return nil
	}
	for val.Kind() == reflect.Interface || val.Kind() == reflect.Pointer {
		if val.IsNil() {
			return nil
		}
		val = val.Elem()
	}
	kind := val.Kind()
	typ := val.Type()

	if m, mt, ok := asIface(val, implMarshaler); ok {
		return p.marshalInterface(m.(Marshaler), defaultStart(mt, finfo, startTemplate))
	}
	if m, mt, ok := asIface(val, implTextMarshaler); ok {
		return p.marshalTextInterface(m.(encoding.TextMarshaler), defaultStart(mt, finfo, startTemplate))
	}

	if (kind == reflect.Slice || kind == reflect.Array) && typ.Elem().Kind() != reflect.Uint8 {
		for i, n := 0, val.Len(); i < n; i++ {
			if err := p.marshalValue(val.Index(i), finfo, startTemplate); err != nil {
				return err
			}
		}
		return nil
	}

	tinfo, err := getTypeInfo(typ)
	if err != nil {
		return err
	}

	var start StartElement
	if startTemplate != nil {
		start.Name = startTemplate.Name
		start.Attr = append(start.Attr, startTemplate.Attr...)
	} else if tinfo.xmlname != nil {
		xmlname := tinfo.xmlname
		if xmlname.name != "" {
			start.Name.Space, start.Name.Local = xmlname.xmlns, xmlname.name
		} else {
			fv := xmlname.value(val, false)
			if fv.IsValid() && fv.Type() == nameType {
				if v := fv.Interface().(Name); v.Local != "" {
					start.Name = v
				}
			}
		}
	}
	if start.Name.Local == "" && finfo != nil {
		start.Name.Space, start.Name.Local = finfo.xmlns, finfo.name
	}
	if start.Name.Local == "" {
		name := typ.Name()
		if i := strings.IndexByte(name, '['); i >= 0 {
			name = name[:i]
		}
		if name == "" {
			return &UnsupportedTypeError{typ}
		}
		start.Name.Local = name
	}

	for i := range tinfo.fields {
		finfo := &tinfo.fields[i]
		if finfo.flags&fAttr == 0 {
			continue
		}
		fv := finfo.value(val, false)
		if finfo.flags&fOmitEmpty != 0 && (!fv.IsValid() || isEmptyValue(fv)) {
			continue
		}
		if fv.Kind() == reflect.Interface && fv.IsNil() {
			continue
		}
		name := Name{Space: finfo.xmlns, Local: finfo.name}
		if err := p.marshalAttr(&start, name, fv); err != nil {
			return err
		}
	}

	// An XMLName of type Name with no namespace inside an element with
	// one resets the default namespace.
	if tinfo.xmlname != nil && start.Name.Space == "" &&
		tinfo.xmlname.xmlns == "" && tinfo.xmlname.name == "" &&
		len(p.tags) != 0 && p.tags[len(p.tags)-1].Space != "" {
		start.Attr = append(start.Attr, Attr{Name{"", xmlnsPrefix}, ""})
	}
	if err := p.writeStart(&start); err != nil {
		return err
	}
	if val.Kind() == reflect.Struct {
		err = p.marshalStruct(tinfo, val)
	} else {
		s, b, err1 := p.marshalSimple(typ, val)
		if err1 != nil {
			err = err1
		} else if b != nil {
			p.escape(string(b), true)
		} else {
			p.escape(s, true)
		}
	}
	if err != nil {
		return err
	}
	if err := p.writeEnd(start.Name); err != nil {
		return err
	}
	return p.cachedWriteError()
}

func (p *printer) marshalAttr(start *StartElement, name Name, val reflect.Value) error {
	if m, _, ok := asIface(val, implMarshalerAttr); ok {
		attr, err := m.(MarshalerAttr).MarshalXMLAttr(name)
		if err != nil {
			return err
		}
		if attr.Name.Local != "" {
			start.Attr = append(start.Attr, attr)
		}
		return nil
	}
	if m, _, ok := asIface(val, implTextMarshaler); ok {
		text, err := m.(encoding.TextMarshaler).MarshalText()
		if err != nil {
			return err
		}
		start.Attr = append(start.Attr, Attr{name, string(text)})
		return nil
	}
	switch val.Kind() {
	case reflect.Pointer, reflect.Interface:
		if val.IsNil() {
			return nil
		}
		val = val.Elem()
	}
	if val.Kind() == reflect.Slice && val.Type().Elem().Kind() != reflect.Uint8 {
		for i, n := 0, val.Len(); i < n; i++ {
			if err := p.marshalAttr(start, name, val.Index(i)); err != nil {
				return err
			}
		}
		return nil
	}
	if val.Type() == attrType {
		start.Attr = append(start.Attr, val.Interface().(Attr))
		return nil
	}
	s, b, err := p.marshalSimple(val.Type(), val)
	if err != nil {
		return err
	}
	if b != nil {
		s = string(b)
	}
	start.Attr = append(start.Attr, Attr{name, s})
	return nil
}

// defaultStart is the start element for a Marshaler or TextMarshaler.
func defaultStart(typ reflect.Type, finfo *fieldInfo, startTemplate *StartElement) StartElement {
	var start StartElement
	if startTemplate != nil {
		start.Name = startTemplate.Name
		start.Attr = append(start.Attr, startTemplate.Attr...)
	} else if finfo != nil && finfo.name != "" {
		start.Name.Local = finfo.name
		start.Name.Space = finfo.xmlns
	} else if typ.Name() != "" {
		start.Name.Local = typ.Name()
	} else {
		start.Name.Local = typ.Elem().Name()
	}
	return start
}

// receiverType names the type of a method's receiver as errors do.
func receiverType(val any) string {
	t := reflect.TypeOf(val)
	if t.Name() != "" {
		return t.String()
	}
	return "(" + t.String() + ")"
}

func (p *printer) marshalInterface(val Marshaler, start StartElement) error {
	p.tags = append(p.tags, Name{})
	n := len(p.tags)
	if err := val.MarshalXML(p.encoder, start); err != nil {
		return err
	}
	if len(p.tags) > n {
		return fmt.Errorf("xml: %s.MarshalXML wrote invalid XML: <%s> not closed", receiverType(val), p.tags[len(p.tags)-1].Local)
	}
	p.tags = p.tags[:n-1]
	return nil
}

func (p *printer) marshalTextInterface(val encoding.TextMarshaler, start StartElement) error {
	if err := p.writeStart(&start); err != nil {
		return err
	}
	text, err := val.MarshalText()
	if err != nil {
		return err
	}
	p.escape(string(text), true)
	return p.writeEnd(start.Name)
}

func (p *printer) writeStart(start *StartElement) error {
	if start.Name.Local == "" {
		return errors.New("xml: start tag with no name")
	}
	p.tags = append(p.tags, start.Name)
	p.prefixes = append(p.prefixes, "")
	p.writeIndent(1)
	p.WriteByte('<')
	p.WriteString(start.Name.Local)
	if start.Name.Space != "" {
		p.WriteString(` xmlns="`)
		p.escape(start.Name.Space, true)
		p.WriteByte('"')
	}
	for _, attr := range start.Attr {
		name := attr.Name
		if name.Local == "" {
			continue
		}
		p.WriteByte(' ')
		if name.Space != "" {
			p.WriteString(p.createAttrPrefix(name.Space))
			p.WriteByte(':')
		}
		p.WriteString(name.Local)
		p.WriteString(`="`)
		p.escape(attr.Value, true)
		p.WriteByte('"')
	}
	p.WriteByte('>')
	return nil
}

func (p *printer) writeEnd(name Name) error {
	if name.Local == "" {
		return errors.New("xml: end tag with no name")
	}
	if len(p.tags) == 0 || p.tags[len(p.tags)-1].Local == "" {
		return fmt.Errorf("xml: end tag </%s> without start tag", name.Local)
	}
	if top := p.tags[len(p.tags)-1]; top != name {
		if top.Local != name.Local {
			return fmt.Errorf("xml: end tag </%s> does not match start tag <%s>", name.Local, top.Local)
		}
		return fmt.Errorf("xml: end tag </%s> in namespace %s does not match start tag <%s> in namespace %s", name.Local, name.Space, top.Local, top.Space)
	}
	p.tags = p.tags[:len(p.tags)-1]
	p.writeIndent(-1)
	p.WriteByte('<')
	p.WriteByte('/')
	p.WriteString(name.Local)
	p.WriteByte('>')
	p.popPrefix()
	return nil
}

// marshalSimple formats a basic value: as a string, or as bytes for
// byte slices and arrays.
func (p *printer) marshalSimple(typ reflect.Type, val reflect.Value) (string, []byte, error) {
	switch val.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.FormatInt(val.Int(), 10), nil, nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return strconv.FormatUint(val.Uint(), 10), nil, nil
	case reflect.Float32, reflect.Float64:
		return strconv.FormatFloat(val.Float(), 'g', -1, val.Type().Bits()), nil, nil
	case reflect.String:
		return val.String(), nil, nil
	case reflect.Bool:
		return strconv.FormatBool(val.Bool()), nil, nil
	case reflect.Array:
		if typ.Elem().Kind() != reflect.Uint8 {
			break
		}
		b := make([]byte, val.Len())
		for i := range b {
			b[i] = byte(val.Index(i).Uint())
		}
		return "", b, nil
	case reflect.Slice:
		if typ.Elem().Kind() != reflect.Uint8 {
			break
		}
		b := val.Bytes()
		if b == nil {
			b = []byte{}
		}
		return "", b, nil
	}
	return "", nil, &UnsupportedTypeError{typ}
}

func indirect(vf reflect.Value) reflect.Value {
	for vf.Kind() == reflect.Interface || vf.Kind() == reflect.Pointer {
		if vf.IsNil() {
			return vf
		}
		vf = vf.Elem()
	}
	return vf
}

// emitText writes data as character data, or as CDATA.
func (p *printer) emitText(data []byte, cdata bool) error {
	if cdata {
		return emitCDATA(p, data)
	}
	p.escape(string(data), true)
	return p.cachedWriteError()
}

func (p *printer) marshalStruct(tinfo *typeInfo, val reflect.Value) error {
	s := parentStack{p: p}
	for i := range tinfo.fields {
		finfo := &tinfo.fields[i]
		if finfo.flags&fAttr != 0 {
			continue
		}
		vf := finfo.value(val, false)
		if !vf.IsValid() {
			continue
		}
		switch finfo.flags & fMode {
		case fCDATA, fCharData:
			cdata := finfo.flags&fMode == fCDATA
			if err := s.trim(finfo.parents); err != nil {
				return err
			}
			if m, _, ok := asIface(vf, implTextMarshaler); ok {
				data, err := m.(encoding.TextMarshaler).MarshalText()
				if err != nil {
					return err
				}
				if err := p.emitText(data, cdata); err != nil {
					return err
				}
				continue
			}
			vf = indirect(vf)
			var data []byte
			switch vf.Kind() {
			case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
				data = strconv.AppendInt(nil, vf.Int(), 10)
			case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
				data = strconv.AppendUint(nil, vf.Uint(), 10)
			case reflect.Float32, reflect.Float64:
				data = strconv.AppendFloat(nil, vf.Float(), 'g', -1, vf.Type().Bits())
			case reflect.Bool:
				data = strconv.AppendBool(nil, vf.Bool())
			case reflect.String:
				data = []byte(vf.String())
			case reflect.Slice:
				if vf.Type() == bytesType {
					data = vf.Bytes()
				}
			}
			if data != nil {
				if err := p.emitText(data, cdata); err != nil {
					return err
				}
			}
			continue

		case fComment:
			if err := s.trim(finfo.parents); err != nil {
				return err
			}
			vf = indirect(vf)
			k := vf.Kind()
			if !(k == reflect.String || k == reflect.Slice && vf.Type().Elem().Kind() == reflect.Uint8) {
				return fmt.Errorf("xml: bad type for comment field of %s", val.Type())
			}
			if vf.Len() == 0 {
				continue
			}
			var c string
			if k == reflect.String {
				c = vf.String()
			} else {
				c = string(vf.Bytes())
			}
			p.writeIndent(0)
			p.WriteString("<!--")
			if strings.Contains(c, "--") {
				return errors.New(`xml: comments must not contain "--"`)
			}
			p.WriteString(c)
			if c[len(c)-1] == '-' {
				p.WriteByte(' ')
			}
			p.WriteString("-->")
			continue

		case fInnerXML:
			vf = indirect(vf)
			if vf.IsValid() && vf.CanInterface() {
				switch raw := vf.Interface().(type) {
				case []byte:
					p.Write(raw)
					continue
				case string:
					p.WriteString(raw)
					continue
				}
			}

		case fElement, fElement | fAny:
			if err := s.trim(finfo.parents); err != nil {
				return err
			}
			if len(finfo.parents) > len(s.stack) {
				if vf.Kind() != reflect.Pointer && vf.Kind() != reflect.Interface || !vf.IsNil() {
					if err := s.push(finfo.parents[len(s.stack):]); err != nil {
						return err
					}
				}
			}
		}
		if err := p.marshalValue(vf, finfo, nil); err != nil {
			return err
		}
	}
	s.trim(nil)
	return p.cachedWriteError()
}

var bytesType = reflect.TypeFor[[]byte]()

func (p *printer) writeIndent(depthDelta int) {
	if len(p.prefix) == 0 && len(p.indent) == 0 {
		return
	}
	if depthDelta < 0 {
		p.depth--
		if p.indentedIn {
			p.indentedIn = false
			return
		}
		p.indentedIn = false
	}
	if p.putNewline {
		p.WriteByte('\n')
	} else {
		p.putNewline = true
	}
	if len(p.prefix) > 0 {
		p.WriteString(p.prefix)
	}
	if len(p.indent) > 0 {
		for i := 0; i < p.depth; i++ {
			p.WriteString(p.indent)
		}
	}
	if depthDelta > 0 {
		p.depth++
		p.indentedIn = true
	}
}

// parentStack tracks the elements opened for a>b>c field paths.
type parentStack struct {
	p     *printer
	stack []string
}

func (s *parentStack) trim(parents []string) error {
	split := 0
	for split < len(parents) && split < len(s.stack) && parents[split] == s.stack[split] {
		split++
	}
	for i := len(s.stack) - 1; i >= split; i-- {
		if err := s.p.writeEnd(Name{Local: s.stack[i]}); err != nil {
			return err
		}
	}
	s.stack = s.stack[:split]
	return nil
}

func (s *parentStack) push(parents []string) error {
	for _, name := range parents {
		if err := s.p.writeStart(&StartElement{Name: Name{Local: name}}); err != nil {
			return err
		}
	}
	s.stack = append(s.stack, parents...)
	return nil
}

// UnsupportedTypeError is returned when Marshal encounters a type
// that cannot be converted into XML.
type UnsupportedTypeError struct {
	Type reflect.Type
}

func (e *UnsupportedTypeError) Error() string {
	return "xml: unsupported type: " + e.Type.String()
}

func isEmptyValue(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Bool,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64,
		reflect.Interface, reflect.Pointer:
		return v.IsZero()
	}
	return false
}
