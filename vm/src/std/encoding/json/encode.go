// Package json encodes and decodes JSON as Go's encoding/json (v1) does,
// over minigo's reflect: struct tags, Marshaler and TextMarshaler,
// sorted map keys, Go's float and string forms and its error texts.
package json

import (
	"bytes"
	"encoding"
	"encoding/base64"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Marshal returns the JSON encoding of v.
func Marshal(v any) ([]byte, error) {
	e := &encodeState{escapeHTML: true}
	if err := e.marshal(v); err != nil {
		return nil, err
	}
	return append([]byte(nil), e.Bytes()...), nil
}

// MarshalIndent is like Marshal but applies Indent to format the output.
func MarshalIndent(v any, prefix, indent string) ([]byte, error) {
	b, err := Marshal(v)
	if err != nil {
		return nil, err
	}
	return appendIndent(nil, b, prefix, indent)
}

// Marshaler is the interface implemented by types that can marshal
// themselves into valid JSON.
type Marshaler interface {
	MarshalJSON() ([]byte, error)
}

// An UnsupportedTypeError is returned by Marshal when attempting to
// encode an unsupported value type.
type UnsupportedTypeError struct {
	Type reflect.Type
}

func (e *UnsupportedTypeError) Error() string {
	return "json: unsupported type: " + e.Type.String()
}

// An UnsupportedValueError is returned by Marshal when attempting to
// encode an unsupported value.
type UnsupportedValueError struct {
	Value reflect.Value
	Str   string
}

func (e *UnsupportedValueError) Error() string {
	return "json: unsupported value: " + e.Str
}

// A MarshalerError represents an error from calling a MarshalJSON or
// MarshalText method.
type MarshalerError struct {
	Type       reflect.Type
	Err        error
	sourceFunc string
}

func (e *MarshalerError) Error() string {
	srcFunc := e.sourceFunc
	if srcFunc == "" {
		srcFunc = "MarshalJSON"
	}
	// Go 1.27 calls the method through a pointer and names that type.
	t := e.Type.String()
	if e.Type.Kind() != reflect.Pointer {
		t = "*" + t
	}
	return "json: error calling " + srcFunc + " for type " + t + ": " + e.Err.Error()
}

func (e *MarshalerError) Unwrap() error { return e.Err }

// An InvalidUTF8Error is no longer returned; kept for compatibility.
type InvalidUTF8Error struct {
	S string
}

func (e *InvalidUTF8Error) Error() string {
	return "json: invalid UTF-8 in string: " + strconv.Quote(e.S)
}

type encodeState struct {
	bytes.Buffer
	escapeHTML bool
	ptrLevel   uint
	ptrSeen    map[ptrKey]bool
	// path: the member names and indexes down to the value being
	// encoded, for errors that name where they happened.
	path []string
}

// pointer is e.path as a JSON Pointer (RFC 6901).
func (e *encodeState) pointer() string {
	var b strings.Builder
	for _, p := range e.path {
		b.WriteByte('/')
		b.WriteString(strings.NewReplacer("~", "~0", "/", "~1").Replace(p))
	}
	return b.String()
}

// jsonError wraps an error panicked inside the encoder.
type jsonError struct{ error }

func (e *encodeState) marshal(v any) (err error) {
	defer func() {
		if r := recover(); r != nil {
			if je, ok := r.(jsonError); ok {
				err = je.error
			} else {
				panic(r)
			}
		}
	}()
	e.reflectValue(reflect.ValueOf(v), encOpts{})
	return nil
}

func (e *encodeState) error(err error) { panic(jsonError{err}) }

type encOpts struct {
	quoted bool
}

var (
	marshalerType     = reflect.TypeFor[Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
)

// ptrTo is *t when minigo knows that type.
func ptrTo(t reflect.Type) (p reflect.Type, ok bool) {
	defer func() {
		if recover() != nil {
			p, ok = nil, false
		}
	}()
	return reflect.PointerTo(t), true
}

func (e *encodeState) reflectValue(v reflect.Value, opts encOpts) {
	if !v.IsValid() {
		e.WriteString("null")
		return
	}
	t := v.Type()
	if t.Kind() != reflect.Interface && v.CanInterface() {
		if t.Implements(marshalerType) {
			e.marshalerValue(v, v, opts)
			return
		}
		if t.Kind() != reflect.Pointer && v.CanAddr() {
			if pt, ok := ptrTo(t); ok && pt.Implements(marshalerType) {
				e.marshalerValue(v.Addr(), v, opts)
				return
			}
		}
		if t.Implements(textMarshalerType) {
			e.textMarshalerValue(v, v, opts)
			return
		}
		if t.Kind() != reflect.Pointer && v.CanAddr() {
			if pt, ok := ptrTo(t); ok && pt.Implements(textMarshalerType) {
				e.textMarshalerValue(v.Addr(), v, opts)
				return
			}
		}
	}
	switch v.Kind() {
	case reflect.Bool:
		if opts.quoted {
			e.WriteByte('"')
		}
		if v.Bool() {
			e.WriteString("true")
		} else {
			e.WriteString("false")
		}
		if opts.quoted {
			e.WriteByte('"')
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		b := strconv.AppendInt(e.AvailableBuffer(), v.Int(), 10)
		e.writeMaybeQuoted(b, opts)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		b := strconv.AppendUint(e.AvailableBuffer(), v.Uint(), 10)
		e.writeMaybeQuoted(b, opts)
	case reflect.Float32:
		e.float(v, 32, opts)
	case reflect.Float64:
		e.float(v, 64, opts)
	case reflect.String:
		if t == numberType {
			numStr := v.String()
			if numStr == "" {
				numStr = "0"
			}
			if !isValidNumber(numStr) {
				e.error(errorString("json: error calling MarshalJSONTo for type *json.Number: cannot parse " + strconv.Quote(numStr) + " as JSON number: invalid syntax"))
			}
			if opts.quoted {
				e.WriteByte('"')
			}
			e.WriteString(numStr)
			if opts.quoted {
				e.WriteByte('"')
			}
			return
		}
		if opts.quoted {
			b := appendString(nil, v.String(), e.escapeHTML)
			e.Write(appendString(e.AvailableBuffer(), string(b), false))
			return
		}
		e.Write(appendString(e.AvailableBuffer(), v.String(), e.escapeHTML))
	case reflect.Interface:
		if v.IsNil() {
			e.WriteString("null")
			return
		}
		e.reflectValue(v.Elem(), encOpts{})
	case reflect.Struct:
		e.structValue(v, opts)
	case reflect.Map:
		e.mapValue(v, opts)
	case reflect.Slice:
		if v.IsNil() {
			e.WriteString("null")
			return
		}
		if t.Elem().Kind() == reflect.Uint8 && !implementsEither(t.Elem()) {
			s := v.Bytes()
			b := e.AvailableBuffer()
			b = append(b, '"')
			b = base64.StdEncoding.AppendEncode(b, s)
			b = append(b, '"')
			e.Write(b)
			return
		}
		e.ptrEnter(v, func() { e.arrayValue(v) })
	case reflect.Array:
		e.arrayValue(v)
	case reflect.Pointer:
		if v.IsNil() {
			e.WriteString("null")
			return
		}
		e.ptrEnter(v, func() { e.reflectValue(v.Elem(), opts) })
	default:
		e.error(&UnsupportedTypeError{t})
	}
}

func implementsEither(t reflect.Type) bool {
	if t.Implements(marshalerType) || t.Implements(textMarshalerType) {
		return true
	}
	if pt, ok := ptrTo(t); ok {
		return pt.Implements(marshalerType) || pt.Implements(textMarshalerType)
	}
	return false
}

// startDetectingCyclesAfter: how deep pointers and slices may nest before
// the encoder starts looking for a cycle.
const startDetectingCyclesAfter = 1000

func (e *encodeState) ptrEnter(v reflect.Value, f func()) {
	e.ptrLevel++
	if e.ptrLevel > startDetectingCyclesAfter {
		if e.ptrSeen == nil {
			e.ptrSeen = map[ptrKey]bool{}
		}
		key := ptrKey{v.Pointer(), lenOf(v)}
		if e.ptrSeen[key] {
			e.error(&UnsupportedValueError{v, "encountered a cycle via " + v.Type().String()})
		}
		e.ptrSeen[key] = true
		defer delete(e.ptrSeen, key)
	}
	f()
	e.ptrLevel--
}

// ptrKey identifies a pointer, map or slice being encoded (a slice by
// its data and length, as Go's encoder does).
type ptrKey struct {
	ptr uintptr
	len int
}

func lenOf(v reflect.Value) int {
	if v.Kind() == reflect.Slice {
		return v.Len()
	}
	return 0
}

// writeMaybeQuoted writes b (which may be e's available buffer, so it
// is copied before e grows), quoted for a ",string" field.
func (e *encodeState) writeMaybeQuoted(b []byte, opts encOpts) {
	if opts.quoted {
		q := make([]byte, 0, len(b)+2)
		q = append(append(append(q, '"'), b...), '"')
		e.Write(q)
		return
	}
	e.Write(b)
}

func (e *encodeState) float(v reflect.Value, bits int, opts encOpts) {
	f := v.Float()
	if math.IsInf(f, 0) || math.IsNaN(f) {
		e.error(&UnsupportedValueError{v, strconv.FormatFloat(f, 'g', -1, bits)})
	}
	b := e.AvailableBuffer()
	if opts.quoted {
		b = append(b, '"')
	}
	b = appendFloat(b, f, bits)
	if opts.quoted {
		b = append(b, '"')
	}
	e.Write(b)
}

// appendFloat writes f as ES6 does: %f in [1e-6, 1e21), else %e with a
// two-digit exponent cut to one.
func appendFloat(b []byte, f float64, bits int) []byte {
	abs := math.Abs(f)
	fmt := byte('f')
	if abs != 0 {
		if bits == 64 && (abs < 1e-6 || abs >= 1e21) || bits == 32 && (float32(abs) < 1e-6 || float32(abs) >= 1e21) {
			fmt = 'e'
		}
	}
	b = strconv.AppendFloat(b, f, fmt, -1, bits)
	if fmt == 'e' {
		n := len(b)
		if n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

func (e *encodeState) marshalerValue(mv, v reflect.Value, opts encOpts) {
	if mv.Kind() == reflect.Pointer && mv.IsNil() {
		e.WriteString("null")
		return
	}
	if mv.Kind() == reflect.Interface && mv.IsNil() {
		e.WriteString("null")
		return
	}
	m := mv.Interface().(Marshaler)
	b, err := m.MarshalJSON()
	if err == nil {
		e.Grow(len(b))
		out := e.AvailableBuffer()
		out, err = appendCompact(out, b, e.escapeHTML)
		e.Buffer.Write(out)
	}
	if err != nil {
		e.error(&MarshalerError{Type: mv.Type(), Err: err, sourceFunc: "MarshalJSON"})
	}
}

func (e *encodeState) textMarshalerValue(mv, v reflect.Value, opts encOpts) {
	if mv.Kind() == reflect.Pointer && mv.IsNil() {
		e.WriteString("null")
		return
	}
	m := mv.Interface().(encoding.TextMarshaler)
	b, err := m.MarshalText()
	if err != nil {
		e.error(&MarshalerError{Type: mv.Type(), Err: err, sourceFunc: "MarshalText"})
	}
	e.Write(appendString(e.AvailableBuffer(), string(b), e.escapeHTML))
}

func (e *encodeState) structValue(v reflect.Value, opts encOpts) {
	next := byte('{')
	for _, f := range cachedTypeFields(v.Type()) {
		fv := v
		ok := true
		for _, i := range f.index {
			if fv.Kind() == reflect.Pointer {
				if fv.IsNil() {
					ok = false
					break
				}
				fv = fv.Elem()
			}
			fv = fv.Field(i)
		}
		if !ok {
			continue
		}
		if f.omitEmpty && isEmptyValue(fv) {
			continue
		}
		if f.omitZero && isZeroValue(fv) {
			continue
		}
		e.WriteByte(next)
		next = ','
		e.Write(appendString(e.AvailableBuffer(), f.name, e.escapeHTML))
		e.WriteByte(':')
		e.path = append(e.path, f.name)
		e.reflectValue(fv, encOpts{quoted: f.quoted})
		e.path = e.path[:len(e.path)-1]
	}
	if next == '{' {
		e.WriteString("{}")
	} else {
		e.WriteByte('}')
	}
}

func isZeroValue(v reflect.Value) bool {
	if v.CanInterface() {
		if z, ok := v.Interface().(interface{ IsZero() bool }); ok {
			if v.Kind() == reflect.Pointer && v.IsNil() {
				return true
			}
			return z.IsZero()
		}
	}
	return v.IsZero()
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

func (e *encodeState) mapValue(v reflect.Value, opts encOpts) {
	if v.IsNil() {
		e.WriteString("null")
		return
	}
	kt := v.Type().Key()
	switch kt.Kind() {
	case reflect.String,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
	default:
		if !kt.Implements(textMarshalerType) && v.Len() > 0 {
			within := ""
			if len(e.path) > 0 {
				within = " within " + strconv.Quote(e.pointer())
			}
			e.error(&UnsupportedValueError{v, "jsontext: object member name must be a string" + within + " after offset " + strconv.Itoa(e.Len()+2)})
		}
	}
	e.ptrEnter(v, func() {
		type kv struct {
			ks string
			v  reflect.Value
		}
		var sv []kv
		iter := v.MapRange()
		for iter.Next() {
			ks, err := resolveKeyName(iter.Key())
			if err != nil {
				e.error(&MarshalerError{Type: iter.Key().Type(), Err: err, sourceFunc: "MarshalText"})
			}
			sv = append(sv, kv{ks, iter.Value()})
		}
		slices.SortFunc(sv, func(a, b kv) int { return strings.Compare(a.ks, b.ks) })
		e.WriteByte('{')
		for i, kv := range sv {
			if i > 0 {
				e.WriteByte(',')
			}
			e.Write(appendString(e.AvailableBuffer(), kv.ks, e.escapeHTML))
			e.WriteByte(':')
			e.path = append(e.path, kv.ks)
			e.reflectValue(kv.v, opts)
			e.path = e.path[:len(e.path)-1]
		}
		e.WriteByte('}')
	})
}

func resolveKeyName(k reflect.Value) (string, error) {
	if k.Kind() == reflect.String {
		return k.String(), nil
	}
	if tm, ok := k.Interface().(encoding.TextMarshaler); ok {
		if k.Kind() == reflect.Pointer && k.IsNil() {
			return "", nil
		}
		buf, err := tm.MarshalText()
		return string(buf), err
	}
	switch k.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.FormatInt(k.Int(), 10), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return strconv.FormatUint(k.Uint(), 10), nil
	}
	panic("unexpected map key type")
}

func (e *encodeState) arrayValue(v reflect.Value) {
	e.WriteByte('[')
	n := v.Len()
	for i := 0; i < n; i++ {
		if i > 0 {
			e.WriteByte(',')
		}
		e.path = append(e.path, strconv.Itoa(i))
		e.reflectValue(v.Index(i), encOpts{})
		e.path = e.path[:len(e.path)-1]
	}
	e.WriteByte(']')
}

const hex = "0123456789abcdef"

// appendString appends s as a JSON string: invalid UTF-8 becomes U+FFFD,
// and with escapeHTML <, > and & are escaped.
func appendString(dst []byte, s string, escapeHTML bool) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		if b := s[i]; b < utf8.RuneSelf {
			if b >= ' ' && b != '"' && b != '\\' && (!escapeHTML || b != '<' && b != '>' && b != '&') {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch b {
			case '\\', '"':
				dst = append(dst, '\\', b)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hex[b>>4], hex[b&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, "\ufffd"...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hex[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	dst = append(dst, '"')
	return dst
}

// A field of a struct type as the encoder and decoder see it.
type field struct {
	name      string
	nameLower string
	tag       bool
	index     []int
	typ       reflect.Type
	omitEmpty bool
	omitZero  bool
	quoted    bool
}

func isValidTag(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		switch {
		case strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c):
		case !unicode.IsLetter(c) && !unicode.IsDigit(c):
			return false
		}
	}
	return true
}

// typeFields returns the fields JSON should recognize for struct type t:
// exported fields and those promoted from embedded structs, with Go's
// rules for names that collide (the shallowest wins; at one depth a
// tagged one wins; otherwise none).
func typeFields(t reflect.Type) []field {
	type item struct {
		typ   reflect.Type
		index []int
	}
	current := []item{}
	next := []item{{typ: t}}
	var count, nextCount map[reflect.Type]int
	visited := map[reflect.Type]bool{}
	var fields []field
	for len(next) > 0 {
		current, next = next, current[:0]
		count, nextCount = nextCount, map[reflect.Type]int{}
		for _, f := range current {
			if visited[f.typ] {
				continue
			}
			visited[f.typ] = true
			for i := 0; i < f.typ.NumField(); i++ {
				sf := f.typ.Field(i)
				if sf.Anonymous {
					ft := sf.Type
					if ft.Kind() == reflect.Pointer {
						ft = ft.Elem()
					}
					if !sf.IsExported() && ft.Kind() != reflect.Struct {
						continue
					}
				} else if !sf.IsExported() {
					continue
				}
				tag := sf.Tag.Get("json")
				if tag == "-" {
					continue
				}
				name, opts, _ := strings.Cut(tag, ",")
				if !isValidTag(name) {
					name = ""
				}
				index := make([]int, len(f.index)+1)
				copy(index, f.index)
				index[len(f.index)] = i
				ft := sf.Type
				if ft.Name() == "" && ft.Kind() == reflect.Pointer {
					ft = ft.Elem()
				}
				quoted := false
				if hasOption(opts, "string") {
					switch ft.Kind() {
					case reflect.Bool,
						reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
						reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
						reflect.Float32, reflect.Float64,
						reflect.String:
						quoted = true
					}
				}
				if name != "" || !sf.Anonymous || ft.Kind() != reflect.Struct {
					tagged := name != ""
					if name == "" {
						name = sf.Name
					}
					fl := field{
						name:      name,
						nameLower: strings.ToLower(name),
						tag:       tagged,
						index:     index,
						typ:       ft,
						omitEmpty: hasOption(opts, "omitempty"),
						omitZero:  hasOption(opts, "omitzero"),
						quoted:    quoted,
					}
					fields = append(fields, fl)
					if count[f.typ] > 1 {
						// Two of the same embedded type at one depth:
						// both annihilate; one more copy does it.
						fields = append(fields, fields[len(fields)-1])
					}
					continue
				}
				nextCount[ft]++
				if nextCount[ft] == 1 {
					next = append(next, item{typ: ft, index: index})
				}
			}
		}
	}
	slices.SortFunc(fields, func(a, b field) int {
		if c := strings.Compare(a.name, b.name); c != 0 {
			return c
		}
		if c := len(a.index) - len(b.index); c != 0 {
			return c
		}
		if a.tag != b.tag {
			if a.tag {
				return -1
			}
			return 1
		}
		return slices.Compare(a.index, b.index)
	})
	out := fields[:0]
	for advance, i := 0, 0; i < len(fields); i += advance {
		fi := fields[i]
		name := fi.name
		for advance = 1; i+advance < len(fields); advance++ {
			if fields[i+advance].name != name {
				break
			}
		}
		if advance == 1 {
			out = append(out, fi)
			continue
		}
		if dominant, ok := dominantField(fields[i : i+advance]); ok {
			out = append(out, dominant)
		}
	}
	fields = out
	slices.SortFunc(fields, func(a, b field) int { return slices.Compare(a.index, b.index) })
	return fields
}

func dominantField(fields []field) (field, bool) {
	if len(fields) > 1 && len(fields[0].index) == len(fields[1].index) && fields[0].tag == fields[1].tag {
		return field{}, false
	}
	return fields[0], true
}

func hasOption(opts, name string) bool {
	for opts != "" {
		var o string
		o, opts, _ = strings.Cut(opts, ",")
		if o == name {
			return true
		}
	}
	return false
}

var fieldCache struct {
	sync.Mutex
	m map[reflect.Type][]field
}

func cachedTypeFields(t reflect.Type) []field {
	fieldCache.Lock()
	f, ok := fieldCache.m[t]
	fieldCache.Unlock()
	if ok {
		return f
	}
	f = typeFields(t)
	fieldCache.Lock()
	if fieldCache.m == nil {
		fieldCache.m = map[reflect.Type][]field{}
	}
	fieldCache.m[t] = f
	fieldCache.Unlock()
	return f
}

type errorString string

func (e errorString) Error() string { return string(e) }
