// Package reflect as minigo provides it: types and values read from the
// interpreter's run-time type descriptors, with Go's API and panic texts
// for what it covers (calls in call.go, types made at run time in
// typemake.go, conversions in convert.go, channels in chan.go, MakeFunc
// in makefunc.go, unsafe pointers in unsafe.go).
package reflect

import "strconv"

// A Kind is the specific kind of type that a Type represents.
type Kind uint

const (
	Invalid Kind = iota
	Bool
	Int
	Int8
	Int16
	Int32
	Int64
	Uint
	Uint8
	Uint16
	Uint32
	Uint64
	Uintptr
	Float32
	Float64
	Complex64
	Complex128
	Array
	Chan
	Func
	Interface
	Map
	Pointer
	Slice
	String
	Struct
	UnsafePointer
)

// Ptr is the old name for the Pointer kind.
const Ptr = Pointer

var kindNames = []string{
	Invalid:       "invalid",
	Bool:          "bool",
	Int:           "int",
	Int8:          "int8",
	Int16:         "int16",
	Int32:         "int32",
	Int64:         "int64",
	Uint:          "uint",
	Uint8:         "uint8",
	Uint16:        "uint16",
	Uint32:        "uint32",
	Uint64:        "uint64",
	Uintptr:       "uintptr",
	Float32:       "float32",
	Float64:       "float64",
	Complex64:     "complex64",
	Complex128:    "complex128",
	Array:         "array",
	Chan:          "chan",
	Func:          "func",
	Interface:     "interface",
	Map:           "map",
	Pointer:       "ptr",
	Slice:         "slice",
	String:        "string",
	Struct:        "struct",
	UnsafePointer: "unsafe.Pointer",
}

func (k Kind) String() string {
	if uint(k) < uint(len(kindNames)) {
		return kindNames[uint(k)]
	}
	return "kind" + strconv.Itoa(int(k))
}

// Type is the representation of a Go type.
type Type interface {
	Align() int
	FieldAlign() int
	Method(int) Method
	MethodByName(string) (Method, bool)
	NumMethod() int
	Name() string
	PkgPath() string
	Size() uintptr
	String() string
	Kind() Kind
	Implements(u Type) bool
	AssignableTo(u Type) bool
	ConvertibleTo(u Type) bool
	Comparable() bool
	Bits() int
	ChanDir() ChanDir
	IsVariadic() bool
	Elem() Type
	Field(i int) StructField
	FieldByIndex(index []int) StructField
	FieldByName(name string) (StructField, bool)
	In(i int) Type
	Key() Type
	Len() int
	NumField() int
	NumIn() int
	NumOut() int
	Out(i int) Type
	common() int
}

// A Method represents a single method (minigo fills Name, PkgPath and
// Index).
type Method struct {
	Name    string
	PkgPath string
	Type    Type
	Func    Value
	Index   int
}

// IsExported reports whether the method is exported.
func (m Method) IsExported() bool { return m.PkgPath == "" }

// A StructField describes a single field in a struct.
type StructField struct {
	Name      string
	PkgPath   string
	Type      Type
	Tag       StructTag
	Offset    uintptr
	Index     []int
	Anonymous bool
}

// IsExported reports whether the field is exported.
func (f StructField) IsExported() bool { return f.PkgPath == "" }

// A StructTag is the tag string in a struct field.
type StructTag string

// Get returns the value associated with key in the tag string.
func (tag StructTag) Get(key string) string {
	v, _ := tag.Lookup(key)
	return v
}

// Lookup returns the value associated with key in the tag string, and
// whether the key is present at all.
func (tag StructTag) Lookup(key string) (value string, ok bool) {
	for tag != "" {
		i := 0
		for i < len(tag) && tag[i] == ' ' {
			i++
		}
		tag = tag[i:]
		if tag == "" {
			break
		}
		i = 0
		for i < len(tag) && tag[i] > ' ' && tag[i] != ':' && tag[i] != '"' && tag[i] != 0x7f {
			i++
		}
		if i == 0 || i+1 >= len(tag) || tag[i] != ':' || tag[i+1] != '"' {
			break
		}
		name := string(tag[:i])
		tag = tag[i+1:]
		i = 1
		for i < len(tag) && tag[i] != '"' {
			if tag[i] == '\\' {
				i++
			}
			i++
		}
		if i >= len(tag) {
			break
		}
		qvalue := string(tag[:i+1])
		tag = tag[i+1:]
		if key == name {
			value, err := strconv.Unquote(qvalue)
			if err != nil {
				break
			}
			return value, true
		}
	}
	return "", false
}

// rtype is a Type: a descriptor index. Two rtypes of one Go type are
// equal, so Types compare with == and key maps as in Go.
type rtype struct{ id int }

func toType(id int) Type {
	if id < 0 {
		return nil
	}
	return rtype{id}
}

func (t rtype) common() int     { return t.id }
func (t rtype) String() string  { return typeString(t.id) }
func (t rtype) Kind() Kind      { return Kind(typeKind(t.id)) }
func (t rtype) Size() uintptr   { return uintptr(typeSize(t.id)) }
func (t rtype) Align() int      { return alignOf(t) }
func (t rtype) FieldAlign() int { return alignOf(t) }
func (t rtype) Comparable() bool {
	return typeComparable(t.id)
}

func alignOf(t rtype) int {
	switch t.Kind() {
	case Bool, Int8, Uint8:
		return 1
	case Int16, Uint16:
		return 2
	case Int32, Uint32, Float32, Complex64:
		return 4
	case Array:
		return alignOf(t.Elem().(rtype))
	case Struct:
		a := 1
		for i := 0; i < t.NumField(); i++ {
			if b := alignOf(t.Field(i).Type.(rtype)); b > a {
				a = b
			}
		}
		return a
	}
	return 8
}

func (t rtype) Name() string {
	named, pkg := typeNamed(t.id)
	s := typeString(t.id)
	if named {
		if pkg != "" && len(s) > len(pkg) && s[:len(pkg)+1] == pkg+"." {
			return s[len(pkg)+1:]
		}
		return s
	}
	if t.Kind() <= Complex128 && t.Kind() != Invalid || t.Kind() == String {
		return s
	}
	return ""
}

func (t rtype) PkgPath() string {
	named, pkg := typeNamed(t.id)
	if !named {
		return ""
	}
	return pkg
}

func (t rtype) Bits() int {
	k := t.Kind()
	if k < Int || k > Complex128 {
		panic("reflect: Bits of non-arithmetic Type " + t.String())
	}
	return int(t.Size()) * 8
}

func (t rtype) Elem() Type {
	switch t.Kind() {
	case Array, Chan, Map, Pointer, Slice:
		return toType(typeElem(t.id))
	}
	panic("reflect: Elem of invalid type " + t.String())
}

func (t rtype) Key() Type {
	if t.Kind() != Map {
		panic("reflect: Key of non-map type " + t.String())
	}
	return toType(typeKey(t.id))
}

func (t rtype) Len() int {
	if t.Kind() != Array {
		panic("reflect: Len of non-array type " + t.String())
	}
	return typeLen(t.id)
}

func (t rtype) NumField() int {
	if t.Kind() != Struct {
		panic("reflect: NumField of non-struct type " + t.String())
	}
	return typeNumField(t.id)
}

func (t rtype) Field(i int) StructField {
	if t.Kind() != Struct {
		panic("reflect: Field of non-struct type " + t.String())
	}
	if i < 0 || i >= typeNumField(t.id) {
		panic("reflect: Field index out of bounds")
	}
	name, ft, tag, embedded, exported := typeField(t.id, i)
	f := StructField{
		Name:      name,
		Type:      toType(ft),
		Tag:       StructTag(tag),
		Index:     []int{i},
		Anonymous: embedded,
	}
	if !exported {
		_, pkg := typeNamed(t.id)
		if pkg == "" {
			pkg = "main"
		}
		f.PkgPath = pkg
	}
	var off uintptr
	for j := 0; j < i; j++ {
		_, fj, _, _, _ := typeField(t.id, j)
		off = alignUp(off, uintptr(alignOf(rtype{fj}))) + uintptr(typeSize(fj))
	}
	f.Offset = alignUp(off, uintptr(alignOf(rtype{ft})))
	return f
}

func alignUp(x, a uintptr) uintptr { return (x + a - 1) / a * a }

func (t rtype) FieldByIndex(index []int) StructField {
	var f StructField
	var cur Type = t
	for i, x := range index {
		if i > 0 && cur.Kind() == Pointer && cur.Elem().Kind() == Struct {
			cur = cur.Elem()
		}
		f = cur.Field(x)
		cur = f.Type
	}
	if len(index) > 1 {
		f.Index = append([]int(nil), index...)
	}
	return f
}

// FieldByName finds the field by name, through embedded structs (the
// shallowest one; none when two at that depth have the name).
func (t rtype) FieldByName(name string) (StructField, bool) {
	if t.Kind() != Struct {
		panic("reflect: FieldByName of non-struct type " + t.String())
	}
	return fieldByNameFunc(t, func(s string) bool { return s == name })
}

func (t rtype) NumMethod() int { return len(typeMethods(t.id)) }

func (t rtype) Method(i int) Method { return typeMethodAt(t, i) }

func (t rtype) MethodByName(name string) (Method, bool) { return typeMethodByName(t, name) }

func (t rtype) Implements(u Type) bool {
	if u == nil {
		panic("reflect: nil type passed to Type.Implements")
	}
	if u.Kind() != Interface {
		panic("reflect: non-interface type passed to Type.Implements")
	}
	return typeImplements(t.id, u.common())
}

func (t rtype) AssignableTo(u Type) bool {
	if u == nil {
		panic("reflect: nil type passed to Type.AssignableTo")
	}
	if u.common() == t.id {
		return true
	}
	if u.Kind() == Interface {
		return typeImplements(t.id, u.common())
	}
	// Identical underlying types where one side is unnamed.
	if t.Name() != "" && u.Name() != "" {
		return false
	}
	if t.Kind() == Chan && u.Kind() == Chan && t.ChanDir() == BothDir && t.Elem() == u.Elem() {
		return true
	}
	return identicalUnder(t, u, true)
}

// identicalUnder reports whether t's and u's underlying types are
// identical; struct tags count only when tags is set (a conversion
// ignores them, an assignment does not).
func identicalUnder(t, u Type, tags bool) bool {
	if t == u {
		return true
	}
	if t.Kind() != u.Kind() {
		return false
	}
	switch t.Kind() {
	case Pointer, Slice:
		return t.Elem() == u.Elem()
	case Array:
		return t.Len() == u.Len() && t.Elem() == u.Elem()
	case Map:
		return t.Key() == u.Key() && t.Elem() == u.Elem()
	case Chan:
		return t.ChanDir() == u.ChanDir() && t.Elem() == u.Elem()
	case Func:
		if t.NumIn() != u.NumIn() || t.NumOut() != u.NumOut() || t.IsVariadic() != u.IsVariadic() {
			return false
		}
		for i := 0; i < t.NumIn(); i++ {
			if t.In(i) != u.In(i) {
				return false
			}
		}
		for i := 0; i < t.NumOut(); i++ {
			if t.Out(i) != u.Out(i) {
				return false
			}
		}
		return true
	case Struct:
		if t.NumField() != u.NumField() {
			return false
		}
		for i := 0; i < t.NumField(); i++ {
			f, g := t.Field(i), u.Field(i)
			if f.Name != g.Name || f.PkgPath != g.PkgPath || f.Type != g.Type || f.Anonymous != g.Anonymous || tags && f.Tag != g.Tag {
				return false
			}
		}
		return true
	case Interface:
		// Interface types convert by assignability (implements).
		return false
	}
	return true
}

// ConvertibleTo reports whether a value of type t converts to type u, by
// the Go spec's conversion rules.
func (t rtype) ConvertibleTo(u Type) bool {
	if t.AssignableTo(u) || identicalUnder(t, u, false) {
		return true
	}
	tk, uk := t.Kind(), u.Kind()
	num := func(k Kind) bool { return k >= Int && k <= Float64 }
	cplx := func(k Kind) bool { return k == Complex64 || k == Complex128 }
	switch {
	case num(tk) && num(uk), cplx(tk) && cplx(uk):
		return true
	case tk == String && (uk == String || uk == Slice && (u.Elem().Kind() == Uint8 || u.Elem().Kind() == Int32)):
		return true
	case uk == String && (tk >= Int && tk <= Uintptr || tk == Slice && (t.Elem().Kind() == Uint8 || t.Elem().Kind() == Int32)):
		return true
	case tk == Pointer && uk == Pointer && t.Name() == "" && u.Name() == "":
		return identicalUnder(t.Elem(), u.Elem(), false)
	case tk == Slice && uk == Array:
		return t.Elem() == u.Elem()
	case tk == Slice && uk == Pointer && u.Elem().Kind() == Array:
		return t.Elem() == u.Elem().Elem()
	}
	return false
}

func (t rtype) IsVariadic() bool {
	if t.Kind() != Func {
		panic("reflect: IsVariadic of non-func type " + t.String())
	}
	s := t.String()
	return len(s) > 3 && containsDots(s)
}

func containsDots(s string) bool {
	for i := 0; i+2 < len(s); i++ {
		if s[i] == '.' && s[i+1] == '.' && s[i+2] == '.' {
			return true
		}
	}
	return false
}

func (t rtype) NumIn() int {
	if t.Kind() != Func {
		panic("reflect: NumIn of non-func type " + t.String())
	}
	in, _ := typeFunc(t.id)
	return len(in)
}

func (t rtype) NumOut() int {
	if t.Kind() != Func {
		panic("reflect: NumOut of non-func type " + t.String())
	}
	_, out := typeFunc(t.id)
	return len(out)
}

func (t rtype) In(i int) Type {
	if t.Kind() != Func {
		panic("reflect: In of non-func type " + t.String())
	}
	in, _ := typeFunc(t.id)
	return toType(in[i])
}

func (t rtype) Out(i int) Type {
	if t.Kind() != Func {
		panic("reflect: Out of non-func type " + t.String())
	}
	_, out := typeFunc(t.id)
	return toType(out[i])
}

// TypeOf returns the dynamic type of i; nil for a nil interface.
func TypeOf(i any) Type { return toType(typeOf(i)) }

// TypeFor returns the Type that represents the type argument T.
func TypeFor[T any]() Type {
	var v T
	if t := TypeOf(v); t != nil {
		return t
	}
	return TypeOf((*T)(nil)).Elem()
}

// PointerTo returns the pointer type with element t. minigo knows the
// pointer types the program uses; for another it panics.
func PointerTo(t Type) Type {
	p := typePtrTo(t.common())
	if p < 0 {
		panic("reflect: minigo cannot make type *" + t.String() + " at run time")
	}
	return rtype{p}
}

// PtrTo is the old name for PointerTo.
func PtrTo(t Type) Type { return PointerTo(t) }

// ---------------------------------------------------------------- values

type flag int

const (
	// flagAddr: ptr is the value's location (a pointer word).
	flagAddr flag = 1 << iota
	// flagStickyRO: obtained through an unexported field (and so is
	// everything reached from it).
	flagStickyRO
	// flagEmbedRO: an unexported embedded field; its exported fields are
	// not read-only.
	flagEmbedRO
	flagRO = flagStickyRO | flagEmbedRO
)

// Value is the reflection interface to a Go value.
type Value struct {
	typ  int     // descriptor index + 1; 0 for the zero Value
	ptr  uintptr // the value's word, or its location (flagAddr)
	flag flag
}

// A ValueError occurs when a Value method is invoked on a Value that
// does not support it.
type ValueError struct {
	Method string
	Kind   Kind
}

func (e *ValueError) Error() string {
	if e.Kind == 0 {
		return "reflect: call of " + e.Method + " on zero Value"
	}
	return "reflect: call of " + e.Method + " on " + e.Kind.String() + " Value"
}

func (v Value) t() int { return v.typ - 1 }

// word is the value's word (loaded from its location if addressable).
func (v Value) word() uintptr {
	if v.flag&flagAddr != 0 {
		return load(v.t(), v.ptr)
	}
	return v.ptr
}

func (v Value) mustBe(k Kind, method string) {
	if v.Kind() != k {
		panic(&ValueError{method, v.Kind()})
	}
}

func (v Value) mustBeAssignable(method string) {
	if v.typ == 0 {
		panic(&ValueError{method, Invalid})
	}
	if v.flag&flagRO != 0 {
		panic("reflect: " + method + " using value obtained using unexported field")
	}
	if v.flag&flagAddr == 0 {
		panic("reflect: " + method + " using unaddressable value")
	}
}

// ValueOf returns a new Value holding the concrete value stored in i.
func ValueOf(i any) Value {
	t, w := unpack(i)
	if t < 0 {
		return Value{}
	}
	return Value{typ: t + 1, ptr: w}
}

func (v Value) IsValid() bool { return v.typ != 0 }

func (v Value) Kind() Kind {
	if v.typ == 0 {
		return Invalid
	}
	if v.flag&flagMethod != 0 {
		return Func
	}
	return Kind(typeKind(v.t()))
}

func (v Value) Type() Type {
	if v.typ == 0 {
		panic(&ValueError{"reflect.Value.Type", Invalid})
	}
	if v.flag&flagMethod != 0 {
		return methodValueType(v)
	}
	return rtype{v.t()}
}

func (v Value) CanAddr() bool { return v.flag&flagAddr != 0 }

func (v Value) CanSet() bool { return v.flag&(flagAddr|flagRO) == flagAddr }

func (v Value) CanInterface() bool {
	if v.typ == 0 {
		panic(&ValueError{"reflect.Value.CanInterface", Invalid})
	}
	return v.flag&flagRO == 0
}

// Interface returns v's current value as an interface{}.
func (v Value) Interface() any {
	if v.typ == 0 {
		panic(&ValueError{"reflect.Value.Interface", Invalid})
	}
	if v.flag&flagRO != 0 {
		panic("reflect.Value.Interface: cannot return value obtained from unexported field or method")
	}
	if v.flag&flagMethod != 0 {
		v = methodValueFunc(v)
	}
	return pack(v.t(), v.word())
}

func (v Value) Addr() Value {
	if v.flag&flagAddr == 0 {
		panic("reflect.Value.Addr of unaddressable value")
	}
	p := typePtrTo(v.t())
	if p < 0 {
		panic("reflect: minigo cannot make type *" + typeString(v.t()) + " at run time")
	}
	return Value{typ: p + 1, ptr: v.ptr, flag: v.flag & flagRO}
}

// Elem returns the value that the interface v contains or that the
// pointer v points to.
func (v Value) Elem() Value {
	switch v.Kind() {
	case Interface:
		t, w := unpackWord(v.word())
		if t < 0 {
			return Value{}
		}
		return Value{typ: t + 1, ptr: w, flag: v.flag & flagRO}
	case Pointer:
		p := v.word()
		if p == 0 {
			return Value{}
		}
		return Value{typ: typeElem(v.t()) + 1, ptr: p, flag: v.flag&flagRO | flagAddr}
	}
	panic(&ValueError{"reflect.Value.Elem", v.Kind()})
}

func unpackWord(w uintptr) (int, uintptr) { return unpack(ifaceOfWord(w)) }

// Pointer returns v's value as a uintptr: the address a pointer, map or
// channel holds, a func's code pointer, or a slice's first element.
func (v Value) Pointer() uintptr {
	switch v.Kind() {
	case Pointer, Map, Chan:
		return v.word()
	case Func:
		return funcPC(v.word())
	case UnsafePointer:
		return unsafeAddrOfWord(v.word())
	case Slice:
		return dataAddr(v.word())
	}
	panic(&ValueError{"reflect.Value.Pointer", v.Kind()})
}

func (v Value) IsNil() bool {
	switch v.Kind() {
	case Chan, Func, Map, Pointer, Interface, Slice, UnsafePointer:
		return v.word() == 0
	}
	panic(&ValueError{"reflect.Value.IsNil", v.Kind()})
}

func (v Value) IsZero() bool {
	if v.typ == 0 {
		panic(&ValueError{"reflect.Value.IsZero", Invalid})
	}
	return isZero(v.t(), v.word())
}

// SetZero sets v to be the zero value of v's type.
func (v Value) SetZero() {
	v.mustBeAssignable("reflect.Value.SetZero")
	store(v.t(), v.ptr, zeroOf(v.t()))
}

func (v Value) NumField() int {
	v.mustBe(Struct, "reflect.Value.NumField")
	return typeNumField(v.t())
}

func (v Value) Field(i int) Value {
	v.mustBe(Struct, "reflect.Value.Field")
	if i < 0 || i >= typeNumField(v.t()) {
		panic("reflect: Field index out of range")
	}
	ft, embedded, exported := typeFieldInfo(v.t(), i)
	fl := v.flag & (flagAddr | flagStickyRO)
	if !exported {
		if embedded {
			fl |= flagEmbedRO
		} else {
			fl |= flagStickyRO
		}
	}
	return Value{typ: ft + 1, ptr: field(v.t(), v.word(), i, fl&flagAddr != 0), flag: fl}
}

func (v Value) FieldByIndex(index []int) Value {
	for i, x := range index {
		if i > 0 && v.Kind() == Pointer && typeKind(typeElem(v.t())) == int(Struct) {
			if v.IsNil() {
				panic("reflect: indirection through nil pointer to embedded struct")
			}
			v = v.Elem()
		}
		v = v.Field(x)
	}
	return v
}

func (v Value) FieldByName(name string) Value {
	v.mustBe(Struct, "reflect.Value.FieldByName")
	if f, ok := v.Type().FieldByName(name); ok {
		return v.FieldByIndex(f.Index)
	}
	return Value{}
}

func (v Value) Len() int {
	switch v.Kind() {
	case Slice, Array, String, Map, Chan:
		return length(v.t(), v.word())
	case Pointer:
		if typeKind(typeElem(v.t())) == int(Array) {
			return typeLen(typeElem(v.t()))
		}
	}
	panic(&ValueError{"reflect.Value.Len", v.Kind()})
}

func (v Value) Cap() int {
	switch v.Kind() {
	case Slice, Chan:
		return capacity(v.t(), v.word())
	case Array:
		return typeLen(v.t())
	}
	panic(&ValueError{"reflect.Value.Cap", v.Kind()})
}

func (v Value) Index(i int) Value {
	switch v.Kind() {
	case Slice:
		if uint(i) >= uint(v.Len()) {
			panic("reflect: slice index out of range")
		}
		return Value{typ: typeElem(v.t()) + 1, ptr: index(v.t(), v.word(), i, true), flag: v.flag&flagRO | flagAddr}
	case Array:
		if uint(i) >= uint(v.Len()) {
			panic("reflect: array index out of range")
		}
		return Value{typ: typeElem(v.t()) + 1, ptr: index(v.t(), v.word(), i, v.flag&flagAddr != 0), flag: v.flag}
	case String:
		s := v.String()
		if uint(i) >= uint(len(s)) {
			panic("reflect: string index out of range")
		}
		return ValueOf(s[i])
	}
	panic(&ValueError{"reflect.Value.Index", v.Kind()})
}

func (v Value) Slice(i, j int) Value {
	switch v.Kind() {
	case Slice:
		if i < 0 || j < i || j > v.Cap() {
			panic("reflect.Value.Slice: slice index out of bounds")
		}
		return Value{typ: v.typ, ptr: sliceOf(v.t(), v.word(), i, j), flag: v.flag & flagRO}
	case Array:
		st, h, cap := v.sliceable("reflect.Value.Slice")
		if i < 0 || j < i || j > cap {
			panic("reflect.Value.Slice: slice index out of bounds")
		}
		return Value{typ: st + 1, ptr: sliceOf(st, h, i, j), flag: v.flag & flagRO}
	case String:
		s := v.String()
		if i < 0 || j < i || j > len(s) {
			panic("reflect.Value.Slice: string slice index out of bounds")
		}
		return Value{typ: v.typ, ptr: wordOfString(s[i:j]), flag: v.flag & flagRO}
	}
	panic(&ValueError{"reflect.Value.Slice", v.Kind()})
}

func (v Value) Bool() bool {
	v.mustBe(Bool, "reflect.Value.Bool")
	return boolOfWord(v.word())
}

func (v Value) Int() int64 {
	switch v.Kind() {
	case Int, Int8, Int16, Int32, Int64:
		return intOfWord(v.word())
	}
	panic(&ValueError{"reflect.Value.Int", v.Kind()})
}

func (v Value) Uint() uint64 {
	switch v.Kind() {
	case Uint, Uint8, Uint16, Uint32, Uint64, Uintptr:
		return uint64(v.word())
	}
	panic(&ValueError{"reflect.Value.Uint", v.Kind()})
}

func (v Value) Float() float64 {
	switch v.Kind() {
	case Float32, Float64:
		return floatOfWord(v.word())
	}
	panic(&ValueError{"reflect.Value.Float", v.Kind()})
}

func (v Value) Complex() complex128 {
	switch v.Kind() {
	case Complex64, Complex128:
		re, im := complexParts(v.word())
		return complex(re, im)
	}
	panic(&ValueError{"reflect.Value.Complex", v.Kind()})
}

// String returns the string v's underlying value, as a string; for other
// kinds "<T Value>".
func (v Value) String() string {
	switch v.Kind() {
	case Invalid:
		return "<invalid Value>"
	case String:
		return stringOfWord(v.word())
	}
	return "<" + v.Type().String() + " Value>"
}

func (v Value) Bytes() []byte {
	switch v.Kind() {
	case Slice:
		if typeKind(typeElem(v.t())) != int(Uint8) {
			panic("reflect.Value.Bytes of non-byte slice")
		}
		return bytesOfWord(v.word())
	case Array:
		if typeKind(typeElem(v.t())) != int(Uint8) {
			panic("reflect.Value.Bytes of non-byte array")
		}
		b := make([]byte, v.Len())
		for i := range b {
			b[i] = byte(index(v.t(), v.word(), i, false))
		}
		return b
	}
	panic(&ValueError{"reflect.Value.Bytes", v.Kind()})
}

func (v Value) OverflowInt(x int64) bool {
	switch v.Kind() {
	case Int, Int8, Int16, Int32, Int64:
		bits := uint(typeSize(v.t()) * 8)
		trunc := (x << (64 - bits)) >> (64 - bits)
		return x != trunc
	}
	panic(&ValueError{"reflect.Value.OverflowInt", v.Kind()})
}

func (v Value) OverflowUint(x uint64) bool {
	switch v.Kind() {
	case Uint, Uintptr, Uint8, Uint16, Uint32, Uint64:
		bits := uint(typeSize(v.t()) * 8)
		trunc := (x << (64 - bits)) >> (64 - bits)
		return x != trunc
	}
	panic(&ValueError{"reflect.Value.OverflowUint", v.Kind()})
}

func (v Value) OverflowFloat(x float64) bool {
	switch v.Kind() {
	case Float32:
		if x < 0 {
			x = -x
		}
		return x > 3.40282346638528859811704183484516925440e+38 && x <= 1.79769313486231570814527423731704356798070e+308
	case Float64:
		return false
	}
	panic(&ValueError{"reflect.Value.OverflowFloat", v.Kind()})
}

func (v Value) SetBool(x bool) {
	v.mustBeAssignable("reflect.Value.SetBool")
	v.mustBe(Bool, "reflect.Value.SetBool")
	var w uintptr
	if x {
		w = 1
	}
	store(v.t(), v.ptr, w)
}

func (v Value) SetInt(x int64) {
	v.mustBeAssignable("reflect.Value.SetInt")
	switch v.Kind() {
	case Int, Int8, Int16, Int32, Int64:
		store(v.t(), v.ptr, uintptr(x))
		return
	}
	panic(&ValueError{"reflect.Value.SetInt", v.Kind()})
}

func (v Value) SetUint(x uint64) {
	v.mustBeAssignable("reflect.Value.SetUint")
	switch v.Kind() {
	case Uint, Uint8, Uint16, Uint32, Uint64, Uintptr:
		store(v.t(), v.ptr, uintptr(x))
		return
	}
	panic(&ValueError{"reflect.Value.SetUint", v.Kind()})
}

func (v Value) SetFloat(x float64) {
	v.mustBeAssignable("reflect.Value.SetFloat")
	switch v.Kind() {
	case Float32, Float64:
		store(v.t(), v.ptr, wordOfFloat(x))
		return
	}
	panic(&ValueError{"reflect.Value.SetFloat", v.Kind()})
}

func (v Value) SetComplex(x complex128) {
	v.mustBeAssignable("reflect.Value.SetComplex")
	switch v.Kind() {
	case Complex64, Complex128:
		store(v.t(), v.ptr, newComplex(real(x), imag(x)))
		return
	}
	panic(&ValueError{"reflect.Value.SetComplex", v.Kind()})
}

func (v Value) SetString(x string) {
	v.mustBeAssignable("reflect.Value.SetString")
	v.mustBe(String, "reflect.Value.SetString")
	store(v.t(), v.ptr, wordOfString(x))
}

func (v Value) SetBytes(x []byte) {
	v.mustBeAssignable("reflect.Value.SetBytes")
	v.mustBe(Slice, "reflect.Value.SetBytes")
	if typeKind(typeElem(v.t())) != int(Uint8) {
		panic("reflect.Value.SetBytes of non-byte slice")
	}
	store(v.t(), v.ptr, wordOfBytes(x))
}

func (v Value) SetLen(n int) {
	v.mustBeAssignable("reflect.Value.SetLen")
	v.mustBe(Slice, "reflect.Value.SetLen")
	if n < 0 || n > v.Cap() {
		panic("reflect: slice length out of range in SetLen")
	}
	store(v.t(), v.ptr, resize(v.t(), v.word(), n))
}

// Grow increases the slice's capacity, if necessary, to guarantee space
// for another n elements.
func (v Value) Grow(n int) {
	v.mustBeAssignable("reflect.Value.Grow")
	v.mustBe(Slice, "reflect.Value.Grow")
	if n < 0 {
		panic("reflect.Value.Grow: negative len")
	}
	store(v.t(), v.ptr, growSlice(v.t(), v.word(), n))
}

// Set assigns x to the value v.
func (v Value) Set(x Value) {
	v.mustBeAssignable("reflect.Set")
	if x.typ == 0 {
		panic(&ValueError{"reflect.Value.Set", Invalid})
	}
	if x.flag&flagRO != 0 {
		panic("reflect: reflect.Value.Set using value obtained using unexported field")
	}
	w := x.word()
	if x.typ != v.typ {
		xt := rtype{x.t()}
		if !xt.AssignableTo(rtype{v.t()}) {
			panic("reflect.Set: value of type " + xt.String() + " is not assignable to type " + typeString(v.t()))
		}
		if v.Kind() == Interface && x.Kind() != Interface {
			w = wordOfIface(pack(x.t(), w))
		}
	}
	store(v.t(), v.ptr, w)
}

func (v Value) NumMethod() int {
	if v.typ == 0 {
		panic(&ValueError{"reflect.Value.NumMethod", Invalid})
	}
	if v.flag&flagMethod != 0 {
		return 0
	}
	return len(typeMethods(v.t()))
}

// MapKeys returns the keys of the map v, in unspecified order.
func (v Value) MapKeys() []Value {
	v.mustBe(Map, "reflect.Value.MapKeys")
	keys, _ := mapEntries(v.t(), v.word())
	kt := typeKey(v.t())
	out := make([]Value, len(keys))
	for i, k := range keys {
		out[i] = fromEntry(kt, k, v.flag&flagRO)
	}
	return out
}

func fromEntry(t int, x any, fl flag) Value {
	if typeKind(t) == int(Interface) {
		return Value{typ: t + 1, ptr: wordOfIface(x), flag: fl}
	}
	_, w := unpack(x)
	return Value{typ: t + 1, ptr: w, flag: fl}
}

// MapIndex returns the value associated with key in the map v, or the
// zero Value.
func (v Value) MapIndex(key Value) Value {
	v.mustBe(Map, "reflect.Value.MapIndex")
	k := key.assignTo(typeKey(v.t()), "reflect.Value.MapIndex")
	w, ok := mapIndex(v.t(), v.word(), k)
	if !ok {
		return Value{}
	}
	return Value{typ: typeElem(v.t()) + 1, ptr: w, flag: v.flag & flagRO}
}

// assignTo is x's word as a value of type t (an interface for an
// interface type), or a panic in Go's words.
func (x Value) assignTo(t int, context string) uintptr {
	if x.typ == 0 {
		panic(&ValueError{context, Invalid})
	}
	if x.t() == t {
		return x.word()
	}
	xt := rtype{x.t()}
	if !xt.AssignableTo(rtype{t}) {
		panic(context + ": value of type " + xt.String() + " is not assignable to type " + typeString(t))
	}
	if typeKind(t) == int(Interface) && x.Kind() != Interface {
		return wordOfIface(pack(x.t(), x.word()))
	}
	return x.word()
}

// SetMapIndex sets the element associated with key in the map v to elem;
// a zero elem deletes the key.
func (v Value) SetMapIndex(key, elem Value) {
	v.mustBe(Map, "reflect.Value.SetMapIndex")
	if v.flag&flagRO != 0 {
		panic("reflect: reflect.Value.SetMapIndex using value obtained using unexported field")
	}
	k := key.assignTo(typeKey(v.t()), "reflect.Value.SetMapIndex")
	if elem.typ == 0 {
		mapDelete(v.t(), v.word(), k)
		return
	}
	e := elem.assignTo(typeElem(v.t()), "reflect.Value.SetMapIndex")
	mapSet(v.t(), v.word(), k, e)
}

// A MapIter is an iterator for ranging over a map.
type MapIter struct {
	m     Value
	it    uintptr // the VM's iterator over the map; 0 before Next
	k, v  any
	state int // 0: before Next; 1: at an entry; 2: exhausted
}

// MapRange returns a range iterator for a map. It walks the map as a
// range statement does: entries deleted or cleared before being reached
// are not produced.
func (v Value) MapRange() *MapIter {
	if v.Kind() != Map {
		panic(&ValueError{"reflect.Value.MapRange", v.Kind()})
	}
	return &MapIter{m: v}
}

func (it *MapIter) Next() bool {
	if !it.m.IsValid() {
		panic("MapIter.Next called on an iterator that does not have an associated map Value")
	}
	switch it.state {
	case 0:
		it.it = mapIterStart(it.m.t(), it.m.word())
	case 2:
		panic("MapIter.Next called on exhausted iterator")
	}
	k, v, ok := mapIterNext(it.m.t(), it.it)
	if !ok {
		it.state, it.k, it.v = 2, nil, nil
		return false
	}
	it.state, it.k, it.v = 1, k, v
	return true
}

func (it *MapIter) Key() Value {
	it.mustBeAtEntry("Key")
	return fromEntry(typeKey(it.m.t()), it.k, it.m.flag&flagRO)
}

func (it *MapIter) Value() Value {
	it.mustBeAtEntry("Value")
	// The entry's value now, as Go reads it from the entry's slot: the
	// map may have been written since Next. A key no lookup finds (a
	// NaN, or one deleted since) keeps the value Next saw.
	kt := typeKey(it.m.t())
	if w, ok := mapIndex(it.m.t(), it.m.word(), fromEntry(kt, it.k, 0).word()); ok {
		return Value{typ: typeElem(it.m.t()) + 1, ptr: w, flag: it.m.flag & flagRO}
	}
	return fromEntry(typeElem(it.m.t()), it.v, it.m.flag&flagRO)
}

func (it *MapIter) mustBeAtEntry(method string) {
	switch it.state {
	case 0:
		panic("MapIter." + method + " called before Next")
	case 2:
		panic("MapIter." + method + " called on exhausted iterator")
	}
}

func (it *MapIter) Reset(v Value) { *it = MapIter{m: v} }

// Zero returns a Value representing the zero value for the specified type.
func Zero(typ Type) Value {
	if typ == nil {
		panic("reflect: Zero(nil)")
	}
	return Value{typ: typ.common() + 1, ptr: zeroOf(typ.common())}
}

// New returns a Value representing a pointer to a new zero value for the
// specified type.
func New(typ Type) Value {
	if typ == nil {
		panic("reflect: New(nil)")
	}
	p := typePtrTo(typ.common())
	if p < 0 {
		panic("reflect: minigo cannot make type *" + typ.String() + " at run time")
	}
	return Value{typ: p + 1, ptr: newAt(typ.common())}
}

// Indirect returns the value that v points to (v itself when it is not a
// pointer).
func Indirect(v Value) Value {
	if v.Kind() != Pointer {
		return v
	}
	return v.Elem()
}

func MakeSlice(typ Type, len, cap int) Value {
	if typ.Kind() != Slice {
		panic("reflect.MakeSlice of non-slice type")
	}
	if len < 0 {
		panic("reflect.MakeSlice: negative len")
	}
	if cap < 0 {
		panic("reflect.MakeSlice: negative cap")
	}
	if len > cap {
		panic("reflect.MakeSlice: len > cap")
	}
	return Value{typ: typ.common() + 1, ptr: makeSlice(typ.common(), len, cap)}
}

func MakeMap(typ Type) Value { return MakeMapWithSize(typ, 0) }

func MakeMapWithSize(typ Type, n int) Value {
	if typ.Kind() != Map {
		panic("reflect.MakeMapWithSize of non-map type")
	}
	return Value{typ: typ.common() + 1, ptr: makeMap(typ.common(), n)}
}

// Append appends the values x to a slice s and returns the resulting
// slice.
func Append(s Value, x ...Value) Value {
	s.mustBe(Slice, "reflect.Append")
	w := s.word()
	et := typeElem(s.t())
	for _, e := range x {
		w = appendOne(s.t(), w, e.assignTo(et, "reflect.Append"))
	}
	return Value{typ: s.typ, ptr: w}
}

// AppendSlice appends a slice t to a slice s.
func AppendSlice(s, t Value) Value {
	s.mustBe(Slice, "reflect.AppendSlice")
	t.mustBe(Slice, "reflect.AppendSlice")
	for i := 0; i < t.Len(); i++ {
		s = Append(s, t.Index(i))
	}
	return s
}

// Copy copies the contents of src into dst until either dst has been
// filled or src has been exhausted, and returns the number copied.
func Copy(dst, src Value) int {
	n := dst.Len()
	if src.Len() < n {
		n = src.Len()
	}
	tmp := make([]Value, n)
	for i := 0; i < n; i++ {
		tmp[i] = ValueOf(src.Index(i).Interface())
	}
	for i := 0; i < n; i++ {
		dst.Index(i).Set(tmp[i])
	}
	return n
}

// Comparable reports whether v's value may be compared with ==.
func (v Value) Comparable() bool {
	switch v.Kind() {
	case Invalid:
		return false
	case Interface:
		return v.IsNil() || v.Elem().Comparable()
	case Struct:
		for i := 0; i < v.NumField(); i++ {
			if !v.Field(i).Comparable() {
				return false
			}
		}
		return true
	case Array:
		for i := 0; i < v.Len(); i++ {
			if !v.Index(i).Comparable() {
				return false
			}
		}
		return true
	}
	return typeComparable(v.t())
}

// Equal reports whether v is equal to u (Go's ==; a panic where == does).
func (v Value) Equal(u Value) bool {
	if v.Kind() == Interface {
		v = v.Elem()
	}
	if u.Kind() == Interface {
		u = u.Elem()
	}
	if !v.IsValid() || !u.IsValid() {
		return v.IsValid() == u.IsValid()
	}
	if v.typ != u.typ {
		return false
	}
	if !typeComparable(v.t()) {
		panic("reflect.Value.Equal: values of type " + typeString(v.t()) + " are not comparable")
	}
	return equal(v.t(), v.word(), u.word())
}

// DeepEqual reports whether x and y are "deeply equal".
func DeepEqual(x, y any) bool {
	if x == nil || y == nil {
		return x == y
	}
	tx, wx := unpack(x)
	ty, wy := unpack(y)
	if tx != ty {
		return false
	}
	return deepEqual(tx, wx, wy)
}

// Swapper returns a function that swaps the elements in the provided
// slice.
func Swapper(slice any) func(i, j int) {
	v := ValueOf(slice)
	if v.Kind() != Slice {
		panic(&ValueError{Method: "Swapper", Kind: v.Kind()})
	}
	return func(i, j int) {
		a, b := v.Index(i), v.Index(j)
		x := ValueOf(a.Interface())
		y := ValueOf(b.Interface())
		a.Set(y)
		b.Set(x)
	}
}

// Natives (mod.rs): descriptor queries and words.
func typeOf(i any) int
func unpack(i any) (t int, w uintptr)
func pack(t int, w uintptr) any
func typeKind(t int) int
func typeString(t int) string
func typeNamed(t int) (named bool, pkg string)
func typeElem(t int) int
func typeKey(t int) int
func typeLen(t int) int
func typeNumField(t int) int
func typeField(t, i int) (name string, ft int, tag string, embedded, exported bool)
func typeFieldInfo(t, i int) (ft int, embedded, exported bool)
func typeMethods(t int) []string
func typeImplements(t, u int) bool
func typeComparable(t int) bool
func typeSize(t int) int
func typeFunc(t int) (in, out []int)
func typePtrTo(t int) int
func load(t int, p uintptr) uintptr
func store(t int, p, w uintptr)
func field(t int, box uintptr, i int, addr bool) uintptr
func index(t int, h uintptr, i int, addr bool) uintptr
func length(t int, w uintptr) int
func capacity(t int, w uintptr) int
func mapEntries(t int, m uintptr) (keys, vals []any)
func mapIterStart(t int, m uintptr) uintptr
func mapIterNext(t int, it uintptr) (k, v any, ok bool)
func mapClear(m uintptr)
func funcPC(f uintptr) uintptr
func mapIndex(t int, m, k uintptr) (uintptr, bool)
func mapSet(t int, m, k, v uintptr)
func mapDelete(t int, m, k uintptr)
func makeMap(t, n int) uintptr
func makeSlice(t, len, cap int) uintptr
func appendOne(t int, s, x uintptr) uintptr
func sliceOf(t int, h uintptr, i, j int) uintptr
func newAt(t int) uintptr
func zeroOf(t int) uintptr
func isZero(t int, w uintptr) bool
func equal(t int, a, b uintptr) bool
func deepEqual(t int, a, b uintptr) bool
func complexParts(w uintptr) (float64, float64)
func newComplex(re, im float64) uintptr
func wordOfString(s string) uintptr
func wordOfFloat(f float64) uintptr
func wordOfBytes(b []byte) uintptr
func wordOfIface(x any) uintptr
func ifaceOfWord(w uintptr) any
func stringOfWord(w uintptr) string
func floatOfWord(w uintptr) float64
func intOfWord(w uintptr) int64
func bytesOfWord(w uintptr) []byte
func boolOfWord(w uintptr) bool
func dataAddr(slice uintptr) uintptr
func growSlice(t int, s uintptr, n int) uintptr
func resize(t int, s uintptr, n int) uintptr
