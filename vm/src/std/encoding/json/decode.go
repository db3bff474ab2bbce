package json

import (
	"encoding"
	"encoding/base64"
	"reflect"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// Unmarshal parses the JSON-encoded data and stores the result in the
// value pointed to by v.
func Unmarshal(data []byte, v any) error {
	if err := checkValid(data); err != nil {
		return err
	}
	d := &decodeState{data: data}
	return d.unmarshal(v)
}

// Unmarshaler is the interface implemented by types that can unmarshal a
// JSON description of themselves.
type Unmarshaler interface {
	UnmarshalJSON([]byte) error
}

// An UnmarshalTypeError describes a JSON value that was not appropriate
// for a value of a specific Go type.
type UnmarshalTypeError struct {
	Value  string       // description of JSON value - "bool", "array", "number -5"
	Type   reflect.Type // type of Go value it could not be assigned to
	Offset int64        // error occurred after reading Offset bytes
	Struct string       // name of the root type containing the field
	Field  string       // the full path from root node to the value
	Err    error        // may be nil
}

func (e *UnmarshalTypeError) Error() string {
	var s string
	if e.Struct != "" || e.Field != "" {
		// A path ending in an index is into an array, not a struct
		// field: Go 1.27 words it without "Go struct field".
		into := "Go struct field "
		last := e.Field[strings.LastIndexByte(e.Field, '.')+1:]
		if last != "" && strings.TrimRight(last, "0123456789") == "" {
			into = ""
		}
		s = "json: cannot unmarshal " + e.Value + " into " + into + e.Struct + "." + e.Field + " of type " + e.Type.String()
	} else {
		s = "json: cannot unmarshal " + e.Value + " into Go value of type " + e.Type.String()
	}
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

func (e *UnmarshalTypeError) Unwrap() error { return e.Err }

// An InvalidUnmarshalError describes an invalid argument passed to
// Unmarshal.
type InvalidUnmarshalError struct {
	Type reflect.Type
}

func (e *InvalidUnmarshalError) Error() string {
	if e.Type == nil {
		return "json: Unmarshal(nil)"
	}
	if e.Type.Kind() != reflect.Pointer {
		return "json: Unmarshal(non-pointer " + e.Type.String() + ")"
	}
	return "json: Unmarshal(nil " + e.Type.String() + ")"
}

// A Number represents a JSON number literal.
type Number string

func (n Number) String() string { return string(n) }

func (n Number) Float64() (float64, error) { return strconv.ParseFloat(string(n), 64) }

func (n Number) Int64() (int64, error) { return strconv.ParseInt(string(n), 10, 64) }

var numberType = reflect.TypeFor[Number]()

// RawMessage is a raw encoded JSON value.
type RawMessage []byte

func (m RawMessage) MarshalJSON() ([]byte, error) {
	if m == nil {
		return []byte("null"), nil
	}
	return m, nil
}

func (m *RawMessage) UnmarshalJSON(data []byte) error {
	if m == nil {
		return errorString("json.RawMessage: UnmarshalJSON on nil pointer")
	}
	*m = append((*m)[0:0], data...)
	return nil
}

// decodeState decodes text already checked by checkValid.
type decodeState struct {
	data                  []byte
	off                   int
	// path: where the value being decoded is, from the root (member
	// names, element indexes), for UnmarshalTypeError.Field; root: the
	// name of the root struct type, for its Struct.
	path                  []string
	root                  string
	savedError            error
	useNumber             bool
	disallowUnknownFields bool
}

func (d *decodeState) unmarshal(v any) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return &InvalidUnmarshalError{reflect.TypeOf(v)}
	}
	t := rv.Type().Elem()
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	d.root = ""
	if t.Kind() == reflect.Struct {
		d.root = t.Name()
	}
	d.path = d.path[:0]
	d.ws()
	if err := d.value(rv); err != nil {
		return d.addErrorContext(err)
	}
	return d.savedError
}

func (d *decodeState) saveError(err error) {
	if d.savedError == nil {
		d.savedError = d.addErrorContext(err)
	}
}

func (d *decodeState) addErrorContext(err error) error {
	if e, ok := err.(*UnmarshalTypeError); ok && len(d.path) > 0 {
		e.Struct = d.root
		e.Field = strings.Join(d.path, ".")
	}
	return err
}

func (d *decodeState) ws() {
	for d.off < len(d.data) && isSpace(d.data[d.off]) {
		d.off++
	}
}

// skip moves past the value at d.off.
func (d *decodeState) skip() {
	v := &validator{data: d.data, i: d.off}
	v.value()
	d.off = v.i
}

// value decodes the value at d.off into v (skips it when v is invalid).
func (d *decodeState) value(v reflect.Value) error {
	d.ws()
	if !v.IsValid() {
		d.skip()
		return nil
	}
	switch d.data[d.off] {
	case '[':
		return d.array(v)
	case '{':
		return d.object(v)
	}
	return d.literal(v)
}

// indirect walks down v through pointers (allocating them) and non-nil
// interfaces holding pointers, stopping at an Unmarshaler or (unless
// decodingNull) a TextUnmarshaler.
func indirect(v reflect.Value, decodingNull bool) (Unmarshaler, encoding.TextUnmarshaler, reflect.Value) {
	v0 := v
	haveAddr := false
	if v.Kind() != reflect.Pointer && v.Type().Name() != "" && v.CanAddr() {
		if _, ok := ptrTo(v.Type()); ok {
			haveAddr = true
			v = v.Addr()
		}
	}
	for {
		if v.Kind() == reflect.Interface && !v.IsNil() {
			e := v.Elem()
			if e.Kind() == reflect.Pointer && !e.IsNil() && (!decodingNull || e.Elem().Kind() == reflect.Pointer) {
				haveAddr = false
				v = e
				continue
			}
		}
		if v.Kind() != reflect.Pointer {
			break
		}
		if decodingNull && v.CanSet() {
			break
		}
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		}
		if v.Type().NumMethod() > 0 && v.CanInterface() {
			if u, ok := v.Interface().(Unmarshaler); ok {
				return u, nil, reflect.Value{}
			}
			if !decodingNull {
				if u, ok := v.Interface().(encoding.TextUnmarshaler); ok {
					return nil, u, reflect.Value{}
				}
			}
		}
		if haveAddr {
			v = v0
			haveAddr = false
		} else {
			v = v.Elem()
		}
	}
	return nil, nil, v
}

// indirectComposite starts an array or object (kind) for v: an
// Unmarshaler gets the raw value and a TextUnmarshaler is a type error
// (done); otherwise it returns the value to fill.
func (d *decodeState) indirectComposite(v reflect.Value, kind string) (reflect.Value, bool, error) {
	start := d.off
	u, ut, pv := indirect(v, false)
	if u != nil {
		d.skip()
		return reflect.Value{}, true, u.UnmarshalJSON(d.data[start:d.off])
	}
	if ut != nil {
		d.saveError(&UnmarshalTypeError{Value: kind, Type: v.Type(), Offset: int64(d.off + 1)})
		d.skip()
		return reflect.Value{}, true, nil
	}
	return pv, false, nil
}

func (d *decodeState) array(v reflect.Value) error {
	pv, done, err := d.indirectComposite(v, "array")
	if done {
		return err
	}
	v = pv
	switch v.Kind() {
	case reflect.Interface:
		if v.NumMethod() == 0 {
			ai := d.valueInterface()
			v.Set(reflect.ValueOf(ai))
			return nil
		}
		fallthrough
	default:
		d.saveError(&UnmarshalTypeError{Value: "array", Type: v.Type(), Offset: int64(d.off + 1)})
		d.skip()
		return nil
	case reflect.Array, reflect.Slice:
	}
	d.off++
	i := 0
	for {
		d.ws()
		if d.data[d.off] == ']' {
			d.off++
			break
		}
		if v.Kind() == reflect.Slice {
			if i >= v.Cap() {
				v.Grow(1)
			}
			if i >= v.Len() {
				v.SetLen(i + 1)
			}
		}
		var err error
		d.path = append(d.path, strconv.Itoa(i))
		if i < v.Len() {
			err = d.value(v.Index(i))
		} else {
			err = d.value(reflect.Value{})
		}
		d.path = d.path[:len(d.path)-1]
		if err != nil {
			return err
		}
		i++
		d.ws()
		if d.data[d.off] == ',' {
			d.off++
		}
	}
	if i < v.Len() {
		if v.Kind() == reflect.Array {
			for ; i < v.Len(); i++ {
				v.Index(i).SetZero()
			}
		} else {
			v.SetLen(i)
		}
	}
	if i == 0 && v.Kind() == reflect.Slice {
		v.Set(reflect.MakeSlice(v.Type(), 0, 0))
	}
	return nil
}

func (d *decodeState) object(v reflect.Value) error {
	pv, done, err := d.indirectComposite(v, "object")
	if done {
		return err
	}
	v = pv
	t := v.Type()
	if v.Kind() == reflect.Interface && v.NumMethod() == 0 {
		oi := d.valueInterface()
		v.Set(reflect.ValueOf(oi))
		return nil
	}
	var fields []field
	switch v.Kind() {
	case reflect.Map:
		switch t.Key().Kind() {
		case reflect.String,
			reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		default:
			if pt, ok := ptrTo(t.Key()); !ok || !pt.Implements(textUnmarshalerType) {
				d.saveError(&UnmarshalTypeError{Value: "object", Type: t, Offset: int64(d.off + 1)})
				d.skip()
				return nil
			}
		}
		if v.IsNil() {
			v.Set(reflect.MakeMap(t))
		}
	case reflect.Struct:
		fields = cachedTypeFields(t)
	default:
		d.saveError(&UnmarshalTypeError{Value: "object", Type: t, Offset: int64(d.off + 1)})
		d.skip()
		return nil
	}

	depth := len(d.path)
	d.off++
	for {
		d.ws()
		if d.data[d.off] == '}' {
			d.off++
			break
		}
		keyStart := d.off
		d.skip()
		key, _ := unquoteBytes(d.data[keyStart:d.off])
		d.ws()
		d.off++ // ':'
		d.ws()

		var subv reflect.Value
		destring := false
		var mapElem reflect.Value
		if v.Kind() == reflect.Map {
			mapElem = reflect.New(t.Elem()).Elem()
			subv = mapElem
			d.path = append(d.path, string(key))
		} else {
			f := findField(fields, string(key))
			if f != nil {
				subv = v
				destring = f.quoted
				for _, ind := range f.index {
					if subv.Kind() == reflect.Pointer {
						if subv.IsNil() {
							if !subv.CanSet() {
								d.saveError(errorString("json: cannot set embedded pointer to unexported struct: " + subv.Type().Elem().String()))
								subv = reflect.Value{}
								destring = false
								break
							}
							subv.Set(reflect.New(subv.Type().Elem()))
						}
						subv = subv.Elem()
					}
					subv = subv.Field(ind)
				}
				d.path = append(d.path, f.name)
			} else if d.disallowUnknownFields {
				d.saveError(errorString("json: unknown field " + strconv.Quote(string(key))))
			}
		}

		var err error
		if destring {
			d.destring(subv)
		} else {
			err = d.value(subv)
		}
		if err != nil {
			return err
		}

		if v.Kind() == reflect.Map {
			kt := t.Key()
			var kv reflect.Value
			if pt, ok := ptrTo(kt); ok && pt.Implements(textUnmarshalerType) {
				kv = reflect.New(kt)
				if err := kv.Interface().(encoding.TextUnmarshaler).UnmarshalText(key); err != nil {
					d.saveError(err)
					kv = reflect.Value{}
				} else {
					kv = kv.Elem()
				}
			} else {
				switch kt.Kind() {
				case reflect.String:
					kv = reflect.New(kt).Elem()
					kv.SetString(string(key))
				case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
					s := string(key)
					n, err := strconv.ParseInt(s, 10, 64)
					if err != nil || reflect.Zero(kt).OverflowInt(n) {
						d.saveError(&UnmarshalTypeError{Value: "number " + s, Type: kt, Offset: int64(keyStart + 1)})
						break
					}
					kv = reflect.New(kt).Elem()
					kv.SetInt(n)
				case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
					s := string(key)
					n, err := strconv.ParseUint(s, 10, 64)
					if err != nil || reflect.Zero(kt).OverflowUint(n) {
						d.saveError(&UnmarshalTypeError{Value: "number " + s, Type: kt, Offset: int64(keyStart + 1)})
						break
					}
					kv = reflect.New(kt).Elem()
					kv.SetUint(n)
				}
			}
			if kv.IsValid() {
				v.SetMapIndex(kv, mapElem)
			}
		}

		d.path = d.path[:depth]
		d.ws()
		if d.data[d.off] == ',' {
			d.off++
		}
	}
	return nil
}

// findField: the field named key exactly, else case-insensitively.
func findField(fields []field, key string) *field {
	for i := range fields {
		if fields[i].name == key {
			return &fields[i]
		}
	}
	for i := range fields {
		if strings.EqualFold(fields[i].name, key) {
			return &fields[i]
		}
	}
	return nil
}

// jsonKind names the JSON value starting with c, as errors do.
func jsonKind(c byte) string {
	switch c {
	case '{':
		return "object"
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "bool"
	case 'n':
		return "null"
	}
	return "number"
}

// destring decodes the value at d.off into v for a ",string" field: a
// JSON string holding the literal.
func (d *decodeState) destring(v reflect.Value) {
	start := d.off
	d.skip()
	item := d.data[start:d.off]
	if item[0] != '"' {
		if item[0] != 'n' {
			d.saveError(&UnmarshalTypeError{Value: jsonKind(item[0]), Type: v.Type(), Offset: int64(start)})
		}
		return
	}
	b, _ := unquoteBytes(item)
	s := string(b)
	if s == "null" {
		return
	}
	for v.Kind() == reflect.Pointer {
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		}
		v = v.Elem()
	}
	bad := func(value string, err error) {
		d.saveError(&UnmarshalTypeError{Value: value, Type: v.Type(), Offset: int64(start), Err: err})
	}
	switch v.Kind() {
	case reflect.String:
		if err := checkValid(b); err != nil || b[0] != '"' {
			if err == nil {
				err = errorString("invalid character " + quoteChar(b[0]) + " looking for beginning of object key string")
			}
			bad("string", err)
			return
		}
		u, _ := unquote(b)
		v.SetString(u)
	case reflect.Bool:
		switch s {
		case "true", "false":
			v.SetBool(s == "true")
		default:
			bad("string "+strconv.Quote(s), strconv.ErrSyntax)
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || !isValidNumber(s) || v.OverflowInt(n) {
			bad("number "+s, nil)
			return
		}
		v.SetInt(n)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil || !isValidNumber(s) || v.OverflowUint(n) {
			bad("number "+s, nil)
			return
		}
		v.SetUint(n)
	case reflect.Float32, reflect.Float64:
		n, err := strconv.ParseFloat(s, v.Type().Bits())
		if err != nil || !isValidNumber(s) || v.OverflowFloat(n) {
			bad("number "+s, nil)
			return
		}
		v.SetFloat(n)
	}
}

var textUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()

func (d *decodeState) convertNumber(s string) (any, error) {
	if d.useNumber {
		return Number(s), nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return nil, &UnmarshalTypeError{Value: "number " + s, Type: reflect.TypeFor[float64](), Offset: int64(d.off)}
	}
	return f, nil
}

func (d *decodeState) literal(v reflect.Value) error {
	start := d.off
	d.skip()
	return d.literalStore(d.data[start:d.off], v, false, start)
}

// literalStore decodes the literal item into v; fromQuoted: item came
// from a ",string" field.
func (d *decodeState) literalStore(item []byte, v reflect.Value, fromQuoted bool, start int) error {
	if len(item) == 0 {
		d.saveError(errorString("json: invalid use of ,string struct tag, trying to unmarshal " + strconv.Quote(string(item)) + " into " + v.Type().String()))
		return nil
	}
	isNull := item[0] == 'n'
	u, ut, pv := indirect(v, isNull)
	if u != nil {
		return u.UnmarshalJSON(item)
	}
	if ut != nil {
		if item[0] != '"' {
			if fromQuoted {
				d.saveError(errorString("json: invalid use of ,string struct tag, trying to unmarshal " + strconv.Quote(string(item)) + " into " + v.Type().String()))
				return nil
			}
			val := "number"
			switch item[0] {
			case 'n':
				val = "null"
			case 't', 'f':
				val = "bool"
			}
			d.saveError(&UnmarshalTypeError{Value: val, Type: v.Type(), Offset: int64(d.off)})
			return nil
		}
		s, ok := unquoteBytes(item)
		if !ok {
			return errorString("json: invalid string")
		}
		return ut.UnmarshalText(s)
	}
	v = pv
	off := int64(d.off)
	switch c := item[0]; c {
	case 'n':
		if fromQuoted && string(item) != "null" {
			d.saveError(errorString("json: invalid use of ,string struct tag, trying to unmarshal " + strconv.Quote(string(item)) + " into " + v.Type().String()))
			break
		}
		switch v.Kind() {
		case reflect.Interface, reflect.Pointer, reflect.Map, reflect.Slice:
			v.SetZero()
		}
	case 't', 'f':
		value := item[0] == 't'
		if fromQuoted && string(item) != "true" && string(item) != "false" {
			d.saveError(errorString("json: invalid use of ,string struct tag, trying to unmarshal " + strconv.Quote(string(item)) + " into " + v.Type().String()))
			break
		}
		switch v.Kind() {
		default:
			if fromQuoted {
				d.saveError(errorString("json: invalid use of ,string struct tag, trying to unmarshal " + strconv.Quote(string(item)) + " into " + v.Type().String()))
			} else {
				d.saveError(&UnmarshalTypeError{Value: "bool", Type: v.Type(), Offset: off})
			}
		case reflect.Bool:
			v.SetBool(value)
		case reflect.Interface:
			if v.NumMethod() == 0 {
				v.Set(reflect.ValueOf(value))
			} else {
				d.saveError(&UnmarshalTypeError{Value: "bool", Type: v.Type(), Offset: off})
			}
		}
	case '"':
		s, ok := unquoteBytes(item)
		if !ok {
			return errorString("json: invalid string")
		}
		switch v.Kind() {
		default:
			d.saveError(&UnmarshalTypeError{Value: "string", Type: v.Type(), Offset: off})
		case reflect.Slice:
			if v.Type().Elem().Kind() != reflect.Uint8 {
				d.saveError(&UnmarshalTypeError{Value: "string", Type: v.Type(), Offset: off})
				break
			}
			b, err := base64.StdEncoding.DecodeString(string(s))
			if err != nil {
				d.saveError(err)
				break
			}
			v.SetBytes(b)
		case reflect.String:
			t := string(s)
			if v.Type() == numberType && !isValidNumber(t) {
				return errorString("json: invalid number literal, trying to unmarshal " + strconv.Quote(string(item)) + " into Number")
			}
			v.SetString(t)
		case reflect.Interface:
			if v.NumMethod() == 0 {
				v.Set(reflect.ValueOf(string(s)))
			} else {
				d.saveError(&UnmarshalTypeError{Value: "string", Type: v.Type(), Offset: off})
			}
		}
	default:
		if c != '-' && (c < '0' || c > '9') {
			if fromQuoted {
				return errorString("json: invalid use of ,string struct tag, trying to unmarshal " + strconv.Quote(string(item)) + " into " + v.Type().String())
			}
			return errorString("json: invalid number literal")
		}
		s := string(item)
		switch v.Kind() {
		default:
			if v.Kind() == reflect.String && v.Type() == numberType {
				v.SetString(s)
				break
			}
			if fromQuoted {
				return errorString("json: invalid use of ,string struct tag, trying to unmarshal " + strconv.Quote(string(item)) + " into " + v.Type().String())
			}
			d.saveError(&UnmarshalTypeError{Value: "number", Type: v.Type(), Offset: off})
		case reflect.Interface:
			n, err := d.convertNumber(s)
			if err != nil {
				d.saveError(err)
				break
			}
			if v.NumMethod() != 0 {
				d.saveError(&UnmarshalTypeError{Value: "number", Type: v.Type(), Offset: off})
				break
			}
			v.Set(reflect.ValueOf(n))
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			n, err := strconv.ParseInt(s, 10, 64)
			if err != nil || v.OverflowInt(n) {
				d.saveError(&UnmarshalTypeError{Value: "number " + s, Type: v.Type(), Offset: off})
				break
			}
			v.SetInt(n)
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
			n, err := strconv.ParseUint(s, 10, 64)
			if err != nil || v.OverflowUint(n) {
				d.saveError(&UnmarshalTypeError{Value: "number " + s, Type: v.Type(), Offset: off})
				break
			}
			v.SetUint(n)
		case reflect.Float32, reflect.Float64:
			n, err := strconv.ParseFloat(s, v.Type().Bits())
			if err != nil || v.OverflowFloat(n) {
				d.saveError(&UnmarshalTypeError{Value: "number " + s, Type: v.Type(), Offset: off})
				break
			}
			v.SetFloat(n)
		}
	}
	return nil
}

// valueInterface decodes the value at d.off as interface{} values:
// map[string]any, []any, float64 (or Number), string, bool, nil.
func (d *decodeState) valueInterface() any {
	d.ws()
	switch d.data[d.off] {
	case '[':
		d.off++
		v := make([]any, 0)
		for {
			d.ws()
			if d.data[d.off] == ']' {
				d.off++
				return v
			}
			v = append(v, d.valueInterface())
			d.ws()
			if d.data[d.off] == ',' {
				d.off++
			}
		}
	case '{':
		d.off++
		m := make(map[string]any)
		for {
			d.ws()
			if d.data[d.off] == '}' {
				d.off++
				return m
			}
			ks := d.off
			d.skip()
			key, _ := unquote(d.data[ks:d.off])
			d.ws()
			d.off++
			m[key] = d.valueInterface()
			d.ws()
			if d.data[d.off] == ',' {
				d.off++
			}
		}
	}
	start := d.off
	d.skip()
	item := d.data[start:d.off]
	switch c := item[0]; c {
	case 'n':
		return nil
	case 't', 'f':
		return c == 't'
	case '"':
		s, _ := unquote(item)
		return s
	}
	n, err := d.convertNumber(string(item))
	if err != nil {
		d.saveError(err)
	}
	return n
}

// getu4 decodes \uXXXX from the beginning of s, returning the hex value,
// or it returns -1.
func getu4(s []byte) rune {
	if len(s) < 6 || s[0] != '\\' || s[1] != 'u' {
		return -1
	}
	var r rune
	for _, c := range s[2:6] {
		switch {
		case '0' <= c && c <= '9':
			c = c - '0'
		case 'a' <= c && c <= 'f':
			c = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			c = c - 'A' + 10
		default:
			return -1
		}
		r = r*16 + rune(c)
	}
	return r
}

func unquote(s []byte) (string, bool) {
	b, ok := unquoteBytes(s)
	return string(b), ok
}

// unquoteBytes converts a quoted JSON string literal s into the bytes it
// denotes: escapes decoded, invalid UTF-8 and lone surrogates replaced
// by U+FFFD.
func unquoteBytes(s []byte) ([]byte, bool) {
	if len(s) < 2 || s[0] != '"' || s[len(s)-1] != '"' {
		return nil, false
	}
	s = s[1 : len(s)-1]
	b := make([]byte, 0, len(s)+8)
	for r := 0; r < len(s); {
		c := s[r]
		switch {
		case c == '\\':
			r++
			if r >= len(s) {
				return nil, false
			}
			switch s[r] {
			default:
				return nil, false
			case '"', '\\', '/', '\'':
				b = append(b, s[r])
				r++
			case 'b':
				b = append(b, '\b')
				r++
			case 'f':
				b = append(b, '\f')
				r++
			case 'n':
				b = append(b, '\n')
				r++
			case 'r':
				b = append(b, '\r')
				r++
			case 't':
				b = append(b, '\t')
				r++
			case 'u':
				r--
				rr := getu4(s[r:])
				if rr < 0 {
					return nil, false
				}
				r += 6
				if utf16.IsSurrogate(rr) {
					rr1 := getu4(s[r:])
					if dec := utf16.DecodeRune(rr, rr1); dec != unicode.ReplacementChar {
						r += 6
						b = utf8.AppendRune(b, dec)
						break
					}
					rr = unicode.ReplacementChar
				}
				b = utf8.AppendRune(b, rr)
			}
		case c == '"', c < ' ':
			return nil, false
		case c < utf8.RuneSelf:
			b = append(b, c)
			r++
		default:
			rr, size := utf8.DecodeRune(s[r:])
			r += size
			b = utf8.AppendRune(b, rr)
		}
	}
	return b, true
}
