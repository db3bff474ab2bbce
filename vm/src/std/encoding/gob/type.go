// Package gob manages streams of gobs: self-describing binary values
// exchanged between an Encoder and a Decoder, in Go's wire format.
//
// This file holds the type side: the user type analysis (indirections,
// GobEncoder/BinaryMarshaler), the wire type descriptions and their ids,
// and the registry of concrete types for interface values.
package gob

import (
	"encoding"
	"errors"
	"fmt"
	"reflect"
	"sync"
	"unicode"
	"unicode/utf8"
)

// The ways a type can encode itself.
const (
	extGob    = 1 // GobEncoder / GobDecoder
	extBinary = 2 // encoding.BinaryMarshaler / BinaryUnmarshaler
	extText   = 3 // encoding.TextMarshaler / TextUnmarshaler (never chosen, kept for the wire)
)

// userTypeInfo describes a type the user handed us: its base type after
// every pointer, and how it encodes or decodes itself if it does.
type userTypeInfo struct {
	user   reflect.Type
	base   reflect.Type
	indir  int
	extEnc int
	extDec int
	encInd int // pointers to follow to reach the encoder's receiver; -1: take the address
	decInd int
}

var (
	gobMu        sync.Mutex // the table of local types
	utMu         sync.Mutex // userTypes
	userTypes    = map[reflect.Type]*userTypeInfo{}
	ifaceGobEnc  = reflect.TypeOf((*GobEncoder)(nil)).Elem()
	ifaceGobDec  = reflect.TypeOf((*GobDecoder)(nil)).Elem()
	ifaceBinMar  = reflect.TypeOf((*encoding.BinaryMarshaler)(nil)).Elem()
	ifaceBinUnm  = reflect.TypeOf((*encoding.BinaryUnmarshaler)(nil)).Elem()
	emptyStructT = reflect.TypeOf(struct{}{})
)

// gobImplements reports whether typ, or a pointer chain from it, or a
// pointer to it implements iface, and how many dereferences reach the
// receiver (-1: its address).
func gobImplements(typ, iface reflect.Type) (bool, int) {
	if typ == nil {
		return false, 0
	}
	t := typ
	n := 0
	for {
		if t.Implements(iface) {
			return true, n
		}
		if t.Kind() != reflect.Pointer {
			break
		}
		n++
		if n > 100 {
			return false, 0
		}
		t = t.Elem()
	}
	if typ.Kind() != reflect.Pointer && reflect.PointerTo(typ).Implements(iface) {
		return true, -1
	}
	return false, 0
}

func lookupUserType(rt reflect.Type) (*userTypeInfo, error) {
	utMu.Lock()
	ut := userTypes[rt]
	utMu.Unlock()
	if ut != nil {
		return ut, nil
	}
	ut = &userTypeInfo{user: rt, base: rt}
	slow := rt
	for ut.base.Kind() == reflect.Pointer {
		ut.base = ut.base.Elem()
		if ut.base == slow {
			return nil, errors.New("can't represent recursive pointer type " + ut.base.String())
		}
		if ut.indir%2 == 0 {
			slow = slow.Elem()
		}
		ut.indir++
	}
	if ok, n := gobImplements(rt, ifaceGobEnc); ok {
		ut.extEnc, ut.encInd = extGob, n
	} else if ok, n := gobImplements(rt, ifaceBinMar); ok {
		ut.extEnc, ut.encInd = extBinary, n
	}
	if ok, n := gobImplements(rt, ifaceGobDec); ok {
		ut.extDec, ut.decInd = extGob, n
	} else if ok, n := gobImplements(rt, ifaceBinUnm); ok {
		ut.extDec, ut.decInd = extBinary, n
	}
	utMu.Lock()
	if old := userTypes[rt]; old != nil {
		ut = old
	} else {
		userTypes[rt] = ut
	}
	utMu.Unlock()
	return ut, nil
}

// mustUserType is lookupUserType raising a gob error.
func mustUserType(rt reflect.Type) *userTypeInfo {
	ut, err := lookupUserType(rt)
	if err != nil {
		gobFail(err)
	}
	return ut
}

// typeId identifies a type on the wire.
type typeId int32

// firstUserId: ids below are reserved for the predefined types.
const firstUserId = 64

// The predefined type ids.
const (
	idBool      typeId = 1
	idInt       typeId = 2
	idUint      typeId = 3
	idFloat     typeId = 4
	idBytes     typeId = 5
	idString    typeId = 6
	idComplex   typeId = 7
	idInterface typeId = 8
	idWireType  typeId = 16
	idArrayType typeId = 17
	idCommon    typeId = 18
	idSliceType typeId = 19
	idStruct    typeId = 20
	idField     typeId = 21
	idFieldList typeId = 22
	idMapType   typeId = 23
)

// gobType is a type as the wire describes it.
type gobType interface {
	id() typeId
	setId(id typeId)
	name() string
	string() string
	safeString(seen map[typeId]bool) string
}

// CommonType holds elements of all types. It is a historical artifact,
// kept for binary compatibility and exported only for the benefit of the
// package's encoding of type descriptors. It is not intended for direct
// use by clients.
type CommonType struct {
	Name string
	Id   typeId
}

func (t *CommonType) id() typeId                             { return t.Id }
func (t *CommonType) setId(id typeId)                        { t.Id = id }
func (t *CommonType) string() string                         { return t.Name }
func (t *CommonType) safeString(seen map[typeId]bool) string { return t.Name }
func (t *CommonType) name() string                           { return t.Name }

type arrayType struct {
	CommonType
	Elem typeId
	Len  int
}

func (a *arrayType) safeString(seen map[typeId]bool) string {
	if seen[a.Id] {
		return a.Name
	}
	seen[a.Id] = true
	return fmt.Sprintf("[%d]%s", a.Len, idSafeString(a.Elem, seen))
}
func (a *arrayType) string() string { return a.safeString(map[typeId]bool{}) }

type gobEncoderType struct {
	CommonType
}

type mapType struct {
	CommonType
	Key  typeId
	Elem typeId
}

func (m *mapType) safeString(seen map[typeId]bool) string {
	if seen[m.Id] {
		return m.Name
	}
	seen[m.Id] = true
	k := idSafeString(m.Key, seen)
	e := idSafeString(m.Elem, seen)
	return fmt.Sprintf("map[%s]%s", k, e)
}
func (m *mapType) string() string { return m.safeString(map[typeId]bool{}) }

type sliceType struct {
	CommonType
	Elem typeId
}

func (s *sliceType) safeString(seen map[typeId]bool) string {
	if seen[s.Id] {
		return s.Name
	}
	seen[s.Id] = true
	return "[]" + idSafeString(s.Elem, seen)
}
func (s *sliceType) string() string { return s.safeString(map[typeId]bool{}) }

type fieldType struct {
	Name string
	Id   typeId
}

type structType struct {
	CommonType
	Field []fieldType
}

func (s *structType) safeString(seen map[typeId]bool) string {
	if s == nil {
		return "<nil>"
	}
	if _, ok := seen[s.Id]; ok {
		return s.Name
	}
	seen[s.Id] = true
	str := s.Name + " = struct { "
	for _, f := range s.Field {
		str += f.Name + " " + idSafeString(f.Id, seen) + "; "
	}
	return str + "}"
}
func (s *structType) string() string { return s.safeString(map[typeId]bool{}) }

// wireType is the description of a type sent on the wire: one of its
// fields is set.
type wireType struct {
	ArrayT           *arrayType
	SliceT           *sliceType
	StructT          *structType
	MapT             *mapType
	GobEncoderT      *gobEncoderType
	BinaryMarshalerT *gobEncoderType
	TextMarshalerT   *gobEncoderType
}

func (w *wireType) string() string {
	if w == nil {
		return "unknown type"
	}
	switch {
	case w.ArrayT != nil:
		return w.ArrayT.Name
	case w.SliceT != nil:
		return w.SliceT.Name
	case w.StructT != nil:
		return w.StructT.Name
	case w.MapT != nil:
		return w.MapT.Name
	case w.GobEncoderT != nil:
		return w.GobEncoderT.Name
	case w.BinaryMarshalerT != nil:
		return w.BinaryMarshalerT.Name
	case w.TextMarshalerT != nil:
		return w.TextMarshalerT.Name
	}
	return "unknown type"
}

// The process-wide table of local types: ids are given in the order types
// are first described, as Go does, so that streams are byte-identical.
var (
	localTypes  = map[reflect.Type]gobType{}
	idTable     []gobType
	builtinIds  [firstUserId]gobType
	typeInfos   = map[reflect.Type]*typeInfo{}
	basicByKind = map[reflect.Kind]typeId{
		reflect.Bool: idBool, reflect.Int: idInt, reflect.Int8: idInt, reflect.Int16: idInt,
		reflect.Int32: idInt, reflect.Int64: idInt, reflect.Uint: idUint, reflect.Uint8: idUint,
		reflect.Uint16: idUint, reflect.Uint32: idUint, reflect.Uint64: idUint, reflect.Uintptr: idUint,
		reflect.Float32: idFloat, reflect.Float64: idFloat, reflect.Complex64: idComplex,
		reflect.Complex128: idComplex, reflect.String: idString, reflect.Interface: idInterface,
	}
)

func init() {
	idTable = make([]gobType, firstUserId, firstUserId*2)
	names := []string{"", "bool", "int", "uint", "float", "bytes", "string", "complex", "interface",
		"_reserved7", "_reserved6", "_reserved5", "_reserved4", "_reserved3", "_reserved2", "_reserved1"}
	for i := 1; i < len(names); i++ {
		idTable[i] = &CommonType{Name: names[i], Id: typeId(i)}
	}
	common := []fieldType{{"CommonType", idCommon}}
	idTable[idWireType] = &structType{CommonType{"wireType", idWireType}, []fieldType{
		{"ArrayT", idArrayType}, {"SliceT", idSliceType}, {"StructT", idStruct}, {"MapT", idMapType},
		{"GobEncoderT", 24}, {"BinaryMarshalerT", 24}, {"TextMarshalerT", 24}}}
	idTable[idArrayType] = &structType{CommonType{"arrayType", idArrayType},
		append(append([]fieldType{}, common...), fieldType{"Elem", idInt}, fieldType{"Len", idInt})}
	idTable[idCommon] = &structType{CommonType{"CommonType", idCommon},
		[]fieldType{{"Name", idString}, {"Id", idInt}}}
	idTable[idSliceType] = &structType{CommonType{"sliceType", idSliceType},
		append(append([]fieldType{}, common...), fieldType{"Elem", idInt})}
	idTable[idStruct] = &structType{CommonType{"structType", idStruct},
		append(append([]fieldType{}, common...), fieldType{"Field", idFieldList})}
	idTable[idField] = &structType{CommonType{"fieldType", idField},
		[]fieldType{{"Name", idString}, {"Id", idInt}}}
	idTable[idFieldList] = &sliceType{CommonType{"[]gob.fieldType", idFieldList}, idField}
	idTable[idMapType] = &structType{CommonType{"mapType", idMapType},
		append(append([]fieldType{}, common...), fieldType{"Key", idInt}, fieldType{"Elem", idInt})}
	idTable[24] = &structType{CommonType{"gobEncoderType", 24}, common}
	copy(builtinIds[:], idTable)
	for _, t := range []any{false, 0, uint(0), 0.0, []byte(nil), "", 0i} {
		localTypes[reflect.TypeOf(t)] = idTable[basicByKindOf(reflect.TypeOf(t))]
	}
	localTypes[reflect.TypeOf((*any)(nil)).Elem()] = idTable[idInterface]
	registerBasics()
}

func basicByKindOf(t reflect.Type) typeId {
	if t.Kind() == reflect.Slice {
		return idBytes
	}
	return basicByKind[t.Kind()]
}

func idToType(id typeId) gobType {
	if id < 0 || int(id) >= len(idTable) {
		return nil
	}
	return idTable[id]
}

func builtinIdToType(id typeId) gobType {
	if id < 0 || int(id) >= len(builtinIds) {
		return nil
	}
	return builtinIds[id]
}

func idSafeString(id typeId, seen map[typeId]bool) string {
	t := idToType(id)
	if t == nil {
		return "<nil>"
	}
	return t.safeString(seen)
}

func typeIdString(id typeId) string {
	t := idToType(id)
	if t == nil {
		return "<nil>"
	}
	return t.string()
}

func giveId(t gobType) {
	if t.id() != 0 {
		return
	}
	t.setId(typeId(len(idTable)))
	idTable = append(idTable, t)
}

func isExported(name string) bool {
	r, _ := utf8.DecodeRuneInString(name)
	return unicode.IsUpper(r)
}

// fieldSent reports whether a struct field travels: exported, and not a
// chan or func (through any pointers).
func fieldSent(f reflect.StructField) bool {
	if !isExported(f.Name) {
		return false
	}
	t := f.Type
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.Kind() != reflect.Chan && t.Kind() != reflect.Func
}

// describeBase describes the base type of rt (after its pointers).
func describeBase(name string, rt reflect.Type) (gobType, error) {
	ut, err := lookupUserType(rt)
	if err != nil {
		return nil, err
	}
	return describe(name, ut, ut.base)
}

func describe(name string, ut *userTypeInfo, rt reflect.Type) (gobType, error) {
	if t, ok := localTypes[rt]; ok {
		return t, nil
	}
	t, err := newDescription(name, ut, rt)
	if err != nil {
		delete(localTypes, rt)
		return nil, err
	}
	localTypes[rt] = t
	return t, nil
}

// newDescription builds the wire description of rt, giving ids in Go's
// order: a struct before its fields, a slice, array or map after its
// elements.
func newDescription(name string, ut *userTypeInfo, rt reflect.Type) (gobType, error) {
	if ut.extEnc != 0 {
		g := &gobEncoderType{CommonType{Name: name}}
		giveId(g)
		return g, nil
	}
	if id, ok := basicByKind[rt.Kind()]; ok {
		return idTable[id], nil
	}
	switch rt.Kind() {
	case reflect.Array:
		at := &arrayType{CommonType: CommonType{Name: name}}
		localTypes[rt] = at
		et, err := describeBase("", rt.Elem())
		if err != nil {
			return nil, err
		}
		giveId(at)
		at.Elem = et.id()
		at.Len = rt.Len()
		return at, nil
	case reflect.Map:
		mt := &mapType{CommonType: CommonType{Name: name}}
		localTypes[rt] = mt
		kt, err := describeBase("", rt.Key())
		if err != nil {
			return nil, err
		}
		et, err := describeBase("", rt.Elem())
		if err != nil {
			return nil, err
		}
		giveId(mt)
		mt.Key = kt.id()
		mt.Elem = et.id()
		return mt, nil
	case reflect.Slice:
		if rt.Elem().Kind() == reflect.Uint8 {
			return idTable[idBytes], nil
		}
		st := &sliceType{CommonType: CommonType{Name: name}}
		localTypes[rt] = st
		et, err := describeBase(rt.Elem().Name(), rt.Elem())
		if err != nil {
			return nil, err
		}
		giveId(st)
		if et.id() == 0 {
			giveId(et)
		}
		st.Elem = et.id()
		return st, nil
	case reflect.Struct:
		st := &structType{CommonType: CommonType{Name: name}}
		giveId(st)
		localTypes[rt] = st
		for i := 0; i < rt.NumField(); i++ {
			f := rt.Field(i)
			if !fieldSent(f) {
				continue
			}
			fut, err := lookupUserType(f.Type)
			if err != nil {
				return nil, err
			}
			tname := fut.base.Name()
			if tname == "" {
				tname = fut.base.String()
			}
			ft, err := describeBase(tname, f.Type)
			if err != nil {
				return nil, err
			}
			if ft.id() == 0 {
				giveId(ft)
			}
			st.Field = append(st.Field, fieldType{f.Name, ft.id()})
		}
		return st, nil
	}
	return nil, errors.New("gob NewTypeObject can't handle type: " + rt.String())
}

// typeInfo is what the encoder sends for a type: its id and description.
type typeInfo struct {
	id      typeId
	wire    wireType
	checked bool // its values were checked encodable
}

func getTypeInfo(ut *userTypeInfo) (*typeInfo, error) {
	rt := ut.base
	if ut.extEnc != 0 {
		rt = ut.user
	}
	gobMu.Lock()
	defer gobMu.Unlock()
	if info := typeInfos[rt]; info != nil {
		return info, nil
	}
	gt, err := describeBase(rt.Name(), rt)
	if err != nil {
		return nil, err
	}
	info := &typeInfo{id: gt.id()}
	if ut.extEnc != 0 {
		t, err := describe(rt.Name(), ut, rt)
		if err != nil {
			return nil, err
		}
		g := idToType(t.id()).(*gobEncoderType)
		if ut.extEnc == extGob {
			info.wire.GobEncoderT = g
		} else {
			info.wire.BinaryMarshalerT = g
		}
		rt = ut.user
	} else {
		t := idToType(info.id)
		switch rt.Kind() {
		case reflect.Array:
			info.wire.ArrayT = t.(*arrayType)
		case reflect.Map:
			info.wire.MapT = t.(*mapType)
		case reflect.Slice:
			if rt.Elem().Kind() != reflect.Uint8 {
				info.wire.SliceT = t.(*sliceType)
			}
		case reflect.Struct:
			info.wire.StructT = t.(*structType)
		}
	}
	typeInfos[rt] = info
	return info, nil
}

func mustTypeInfo(rt reflect.Type) *typeInfo {
	info, err := getTypeInfo(mustUserType(rt))
	if err != nil {
		gobFail(err)
	}
	return info
}

// GobEncoder is the interface describing data that provides its own
// representation for encoding values for transmission to a GobDecoder.
type GobEncoder interface {
	// GobEncode returns a byte slice representing the encoding of the
	// receiver for transmission to a GobDecoder, usually of the same
	// concrete type.
	GobEncode() ([]byte, error)
}

// GobDecoder is the interface describing data that provides its own
// routine for decoding transmitted values sent by a GobEncoder.
type GobDecoder interface {
	// GobDecode overwrites the receiver, which must be a pointer,
	// with the value represented by the byte slice, which was written
	// by GobEncode, usually for the same concrete type.
	GobDecode([]byte) error
}

var (
	regMu        sync.Mutex
	nameToType   = map[string]reflect.Type{}
	typeToName   = map[reflect.Type]string{}
	registryInit bool
)

// RegisterName is like Register but uses the provided name rather than
// the type's default.
func RegisterName(name string, value any) {
	if name == "" {
		panic("attempt to register empty name")
	}
	ut := mustUserType(reflect.TypeOf(value))
	regMu.Lock()
	defer regMu.Unlock()
	if t, dup := nameToType[name]; dup && t != ut.user {
		panic(fmt.Sprintf("gob: registering duplicate types for %q: %s != %s", name, t, ut.user))
	} else if !dup {
		nameToType[name] = reflect.TypeOf(value)
	}
	if n, dup := typeToName[ut.base]; dup && n != name {
		delete(nameToType, name)
		panic(fmt.Sprintf("gob: registering duplicate names for %s: %q != %q", ut.user, n, name))
	} else if !dup {
		typeToName[ut.base] = name
	}
}

// Register records a type, identified by a value for that type, under its
// internal type name. That name will identify the concrete type of a
// value sent or received as an interface variable. Only types that will
// be transferred as implementations of interface values need to be
// registered. Expecting to be used only during initialization, it panics
// if the mapping between types and names is not a bijection.
func Register(value any) {
	rt := reflect.TypeOf(value)
	name := rt.String()
	if rt.Name() != "" {
		if rt.PkgPath() == "" {
			name = rt.Name()
		} else {
			name = rt.PkgPath() + "." + rt.Name()
		}
	}
	RegisterName(name, value)
}

func registerBasics() {
	for _, v := range []any{int(0), int8(0), int16(0), int32(0), int64(0), uint(0), uint8(0),
		uint16(0), uint32(0), uint64(0), float32(0), float64(0), complex64(0i), complex128(0i),
		uintptr(0), false, "", []byte(nil), []int(nil), []int8(nil), []int16(nil), []int32(nil),
		[]int64(nil), []uint(nil), []uint8(nil), []uint16(nil), []uint32(nil), []uint64(nil),
		[]float32(nil), []float64(nil), []complex64(nil), []complex128(nil), []uintptr(nil),
		[]bool(nil), []string(nil)} {
		Register(v)
	}
}

// gobError carries an error out of the encoding or decoding machinery.
type gobError struct {
	err error
}

func gobFailf(format string, args ...any) {
	gobFail(fmt.Errorf("gob: "+format, args...))
}

func gobFail(err error) {
	panic(gobError{err})
}

func gobCatch(err *error) {
	if e := recover(); e != nil {
		ge, ok := e.(gobError)
		if !ok {
			panic(e)
		}
		*err = ge.err
	}
}
