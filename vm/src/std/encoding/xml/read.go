package xml

import (
	"bytes"
	"encoding"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
)

// Unmarshal parses the XML-encoded data and stores the result in the
// value pointed to by v, which must be an arbitrary struct, slice, or
// string. Well-formed data that does not fit into v is discarded.
func Unmarshal(data []byte, v any) error {
	return newBytesDecoder(data).Decode(v)
}

// Decode works like Unmarshal, except it reads the decoder stream to
// find the start element.
func (d *Decoder) Decode(v any) error {
	return d.DecodeElement(v, nil)
}

// DecodeElement works like Unmarshal except that it takes a pointer to
// the start XML element to decode into v.
func (d *Decoder) DecodeElement(v any, start *StartElement) error {
	val := reflect.ValueOf(v)
	if val.Kind() != reflect.Pointer {
		return errors.New("non-pointer passed to Unmarshal")
	}
	if val.IsNil() {
		return errors.New("nil pointer passed to Unmarshal")
	}
	return d.unmarshal(val.Elem(), start, 0)
}

// An UnmarshalError represents an error in the unmarshaling process.
type UnmarshalError string

func (e UnmarshalError) Error() string { return string(e) }

// Unmarshaler is the interface implemented by objects that can
// unmarshal an XML element description of themselves.
type Unmarshaler interface {
	UnmarshalXML(d *Decoder, start StartElement) error
}

// UnmarshalerAttr is the interface implemented by objects that can
// unmarshal an XML attribute description of themselves.
type UnmarshalerAttr interface {
	UnmarshalXMLAttr(attr Attr) error
}

var (
	unmarshalerType     = reflect.TypeFor[Unmarshaler]()
	unmarshalerAttrType = reflect.TypeFor[UnmarshalerAttr]()
	textUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()
)

func (d *Decoder) unmarshalInterface(val Unmarshaler, start *StartElement) error {
	d.pushEOF()
	saved := d.inUnmarshalXML
	d.inUnmarshalXML = true
	defer func() { d.inUnmarshalXML = saved }()
	if err := val.UnmarshalXML(d, *start); err != nil {
		d.popEOF()
		return err
	}
	if !d.popEOF() {
		return fmt.Errorf("xml: %s.UnmarshalXML did not consume entire <%s> element", receiverType(val), start.Name.Local)
	}
	return nil
}

// unmarshalTextInterface gives the element's direct character data to
// UnmarshalText.
func (d *Decoder) unmarshalTextInterface(val encoding.TextUnmarshaler) error {
	var buf []byte
	depth := 1
	for depth > 0 {
		t, err := d.Token()
		if err != nil {
			return err
		}
		switch t := t.(type) {
		case CharData:
			if depth == 1 {
				buf = append(buf, t...)
			}
		case StartElement:
			depth++
		case EndElement:
			depth--
		}
	}
	return val.UnmarshalText(buf)
}

func (d *Decoder) unmarshalAttr(val reflect.Value, attr Attr) error {
	if val.Kind() == reflect.Pointer {
		if val.IsNil() {
			val.Set(reflect.New(val.Type().Elem()))
		}
		val = val.Elem()
	}
	if u, _, ok := asIface(val, implUnmarshalerAttr); ok {
		return u.(UnmarshalerAttr).UnmarshalXMLAttr(attr)
	}
	if u, _, ok := asIface(val, implTextUnmarshaler); ok {
		return u.(encoding.TextUnmarshaler).UnmarshalText([]byte(attr.Value))
	}
	if val.Kind() == reflect.Slice && val.Type().Elem().Kind() != reflect.Uint8 {
		n := val.Len()
		val.Set(reflect.Append(val, reflect.Zero(val.Type().Elem())))
		if err := d.unmarshalAttr(val.Index(n), attr); err != nil {
			val.SetLen(n)
			return err
		}
		return nil
	}
	if val.Type() == attrType {
		val.Set(reflect.ValueOf(attr))
		return nil
	}
	return copyValue(val, []byte(attr.Value))
}

const maxUnmarshalDepth = 10000

var errUnmarshalDepth = errors.New("exceeded max depth")

// unmarshal reads one element (start, or the next one in the stream)
// into val.
func (d *Decoder) unmarshal(val reflect.Value, start *StartElement, depth int) error {
	if d.depth > maxUnmarshalDepth {
		return errUnmarshalDepth
	}
	if start == nil {
		for {
			tok, err := d.Token()
			if err != nil {
				return err
			}
			if t, ok := tok.(StartElement); ok {
				start = &t
				break
			}
		}
	}
	if val.Kind() == reflect.Interface && !val.IsNil() {
		if e := val.Elem(); e.Kind() == reflect.Pointer && !e.IsNil() {
			val = e
		}
	}
	if val.Kind() == reflect.Pointer {
		if val.IsNil() {
			val.Set(reflect.New(val.Type().Elem()))
		}
		val = val.Elem()
	}
	if u, _, ok := asIface(val, implUnmarshaler); ok {
		return d.unmarshalInterface(u.(Unmarshaler), start)
	}
	if u, _, ok := asIface(val, implTextUnmarshaler); ok {
		return d.unmarshalTextInterface(u.(encoding.TextUnmarshaler))
	}

	var (
		data         []byte
		saveData     reflect.Value
		comment      []byte
		saveComment  reflect.Value
		saveXML      reflect.Value
		saveXMLIndex int
		saveXMLData  []byte
		saveAny      reflect.Value
		sv           reflect.Value
		tinfo        *typeInfo
		err          error
	)

	switch v := val; v.Kind() {
	default:
		return errors.New("unknown type " + v.Type().String())

	case reflect.Interface:
		return d.Skip()

	case reflect.Slice:
		typ := v.Type()
		if typ.Elem().Kind() == reflect.Uint8 {
			saveData = v
			break
		}
		n := v.Len()
		v.Set(reflect.Append(v, reflect.Zero(typ.Elem())))
		if err := d.unmarshal(v.Index(n), start, depth+1); err != nil {
			v.SetLen(n)
			return err
		}
		return nil

	case reflect.Bool, reflect.Float32, reflect.Float64,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.String:
		saveData = v

	case reflect.Struct:
		typ := v.Type()
		if typ == nameType {
			v.Set(reflect.ValueOf(start.Name))
			break
		}
		sv = v
		tinfo, err = getTypeInfo(typ)
		if err != nil {
			return err
		}
		if tinfo.xmlname != nil {
			finfo := tinfo.xmlname
			if finfo.name != "" && finfo.name != start.Name.Local {
				return UnmarshalError("expected element type <" + finfo.name + "> but have <" + start.Name.Local + ">")
			}
			if finfo.xmlns != "" && finfo.xmlns != start.Name.Space {
				e := "expected element <" + finfo.name + "> in name space " + finfo.xmlns + " but have "
				if start.Name.Space == "" {
					e += "no name space"
				} else {
					e += start.Name.Space
				}
				return UnmarshalError(e)
			}
			fv := finfo.value(sv, true)
			if fv.Type() == nameType {
				fv.Set(reflect.ValueOf(start.Name))
			}
		}
		for _, a := range start.Attr {
			handled := false
			anyField := -1
			for i := range tinfo.fields {
				finfo := &tinfo.fields[i]
				switch finfo.flags & fMode {
				case fAttr:
					strv := finfo.value(sv, true)
					if a.Name.Local == finfo.name && (finfo.xmlns == "" || finfo.xmlns == a.Name.Space) {
						if err := d.unmarshalAttr(strv, a); err != nil {
							return err
						}
						handled = true
					}
				case fAny | fAttr:
					if anyField == -1 {
						anyField = i
					}
				}
			}
			if !handled && anyField >= 0 {
				finfo := &tinfo.fields[anyField]
				if err := d.unmarshalAttr(finfo.value(sv, true), a); err != nil {
					return err
				}
			}
		}
		for i := range tinfo.fields {
			finfo := &tinfo.fields[i]
			switch finfo.flags & fMode {
			case fCDATA, fCharData:
				if !saveData.IsValid() {
					saveData = finfo.value(sv, true)
				}
			case fComment:
				if !saveComment.IsValid() {
					saveComment = finfo.value(sv, true)
				}
			case fAny, fAny | fElement:
				if !saveAny.IsValid() {
					saveAny = finfo.value(sv, true)
				}
			case fInnerXML:
				if !saveXML.IsValid() {
					saveXML = finfo.value(sv, true)
					if d.saved == nil {
						saveXMLIndex = 0
						d.saved = new(bytes.Buffer)
					} else {
						saveXMLIndex = d.savedOffset()
					}
				}
			}
		}
	}

	for {
		var savedOffset int
		if saveXML.IsValid() {
			savedOffset = d.savedOffset()
		}
		tok, err := d.Token()
		if err != nil {
			return err
		}
		done := false
		switch t := tok.(type) {
		case StartElement:
			consumed := false
			if sv.IsValid() {
				consumed, err = d.unmarshalPath(tinfo, sv, nil, &t, depth)
				if err != nil {
					return err
				}
				if !consumed && saveAny.IsValid() {
					consumed = true
					if err := d.unmarshal(saveAny, &t, depth+1); err != nil {
						return err
					}
				}
			}
			if !consumed {
				if err := d.Skip(); err != nil {
					return err
				}
			}
		case EndElement:
			if saveXML.IsValid() {
				saveXMLData = d.saved.Bytes()[saveXMLIndex:savedOffset]
				if saveXMLIndex == 0 {
					d.saved = nil
				}
			}
			done = true
		case CharData:
			if saveData.IsValid() {
				data = append(data, t...)
			}
		case Comment:
			if saveComment.IsValid() {
				comment = append(comment, t...)
			}
		}
		if done {
			break
		}
	}

	if u, _, ok := asIface(saveData, implTextUnmarshaler); ok {
		if err := u.(encoding.TextUnmarshaler).UnmarshalText(data); err != nil {
			return err
		}
		saveData = reflect.Value{}
	}
	if err := copyValue(saveData, data); err != nil {
		return err
	}
	switch t := saveComment; t.Kind() {
	case reflect.String:
		t.SetString(string(comment))
	case reflect.Slice:
		t.SetBytes(comment)
	}
	switch t := saveXML; t.Kind() {
	case reflect.String:
		t.SetString(string(saveXMLData))
	case reflect.Slice:
		if t.Type().Elem().Kind() == reflect.Uint8 {
			t.SetBytes(bytes.Clone(saveXMLData))
		}
	}
	return nil
}

func copyValue(dst reflect.Value, src []byte) error {
	dst0 := dst
	if dst.Kind() == reflect.Pointer {
		if dst.IsNil() {
			dst.Set(reflect.New(dst.Type().Elem()))
		}
		dst = dst.Elem()
	}
	switch dst.Kind() {
	case reflect.Invalid:
	default:
		return errors.New("cannot unmarshal into " + dst0.Type().String())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if len(src) == 0 {
			dst.SetInt(0)
			return nil
		}
		n, err := strconv.ParseInt(strings.TrimSpace(string(src)), 10, dst.Type().Bits())
		if err != nil {
			return err
		}
		dst.SetInt(n)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if len(src) == 0 {
			dst.SetUint(0)
			return nil
		}
		n, err := strconv.ParseUint(strings.TrimSpace(string(src)), 10, dst.Type().Bits())
		if err != nil {
			return err
		}
		dst.SetUint(n)
	case reflect.Float32, reflect.Float64:
		if len(src) == 0 {
			dst.SetFloat(0)
			return nil
		}
		f, err := strconv.ParseFloat(strings.TrimSpace(string(src)), dst.Type().Bits())
		if err != nil {
			return err
		}
		dst.SetFloat(f)
	case reflect.Bool:
		if len(src) == 0 {
			dst.SetBool(false)
			return nil
		}
		b, err := strconv.ParseBool(strings.TrimSpace(string(src)))
		if err != nil {
			return err
		}
		dst.SetBool(b)
	case reflect.String:
		dst.SetString(string(src))
	case reflect.Slice:
		if len(src) == 0 {
			src = []byte{}
		}
		dst.SetBytes(bytes.Clone(src))
	}
	return nil
}

// unmarshalPath walks down an a>b>c field path: it reports whether the
// element start (below parents) was consumed by some field of sv.
func (d *Decoder) unmarshalPath(tinfo *typeInfo, sv reflect.Value, parents []string, start *StartElement, depth int) (bool, error) {
	recurse := false
outer:
	for i := range tinfo.fields {
		finfo := &tinfo.fields[i]
		if finfo.flags&fElement == 0 || len(finfo.parents) < len(parents) || finfo.xmlns != "" && finfo.xmlns != start.Name.Space {
			continue
		}
		for j := range parents {
			if parents[j] != finfo.parents[j] {
				continue outer
			}
		}
		if len(finfo.parents) == len(parents) && finfo.name == start.Name.Local {
			return true, d.unmarshal(finfo.value(sv, true), start, depth+1)
		}
		if len(finfo.parents) > len(parents) && finfo.parents[len(parents)] == start.Name.Local {
			recurse = true
			parents = finfo.parents[:len(parents)+1]
			break
		}
	}
	if !recurse {
		return false, nil
	}
	for {
		tok, err := d.Token()
		if err != nil {
			return true, err
		}
		switch t := tok.(type) {
		case StartElement:
			consumed, err := d.unmarshalPath(tinfo, sv, parents, &t, depth)
			if err != nil {
				return true, err
			}
			if !consumed {
				if err := d.Skip(); err != nil {
					return true, err
				}
			}
		case EndElement:
			return true, nil
		}
	}
}

// Skip reads tokens until it has consumed the end element matching the
// most recent start element already consumed, skipping nested
// structures. It returns nil if it finds an end element matching the
// start element; otherwise it returns an error describing the problem.
func (d *Decoder) Skip() error {
	depth := 0
	for {
		tok, err := d.Token()
		if err != nil {
			return err
		}
		switch tok.(type) {
		case StartElement:
			depth++
		case EndElement:
			if depth == 0 {
				return nil
			}
			depth--
		}
	}
}
