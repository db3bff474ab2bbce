package gob

import (
	"encoding"
	"errors"
	"io"
	"math"
	"reflect"
	"sync"
)

// tooBig bounds a message's length (1 GB on 64-bit machines).
const tooBig = (1 << 30) << (^uint(0) >> 62)

// lenRoom is the room kept at the head of a message for its length.
const lenRoom = 9

// encBuffer collects the bytes of a message being built.
type encBuffer struct {
	data []byte
}

func (e *encBuffer) Write(p []byte) (int, error) {
	e.data = append(e.data, p...)
	return len(p), nil
}

func (e *encBuffer) reset() {
	e.data = e.data[:0]
}

// startMessage empties e and reserves the room for the length.
func (e *encBuffer) startMessage() {
	e.data = append(e.data[:0], 0, 0, 0, 0, 0, 0, 0, 0, 0)
}

// An Encoder manages the transmission of type and data information to the
// other side of a connection. It is safe for concurrent use by multiple
// goroutines.
type Encoder struct {
	mu   sync.Mutex
	w    []io.Writer
	sent map[reflect.Type]typeId
	buf  encBuffer
	err  error
}

// NewEncoder returns a new encoder that will transmit on the io.Writer.
func NewEncoder(w io.Writer) *Encoder {
	return &Encoder{w: []io.Writer{w}, sent: map[reflect.Type]typeId{}}
}

func (enc *Encoder) writer() io.Writer { return enc.w[len(enc.w)-1] }

func (enc *Encoder) setError(err error) {
	if enc.err == nil {
		enc.err = err
	}
}

// encState is the position of an encoding in a buffer.
type encState struct {
	enc      *Encoder
	b        *encBuffer
	sendZero bool
	fieldnum int
}

func appendUint(dst []byte, x uint64) []byte {
	if x < 0x80 {
		return append(dst, byte(x))
	}
	n := 0
	for y := x; y != 0; y >>= 8 {
		n++
	}
	dst = append(dst, byte(-n))
	for i := n - 1; i >= 0; i-- {
		dst = append(dst, byte(x>>(8*uint(i))))
	}
	return dst
}

func zigzag(i int64) uint64 {
	if i < 0 {
		return uint64(^i<<1) | 1
	}
	return uint64(i << 1)
}

func (st *encState) putUint(x uint64) { st.b.data = appendUint(st.b.data, x) }
func (st *encState) putInt(i int64)   { st.b.data = appendUint(st.b.data, zigzag(i)) }

// update writes the delta to field number f; f < 0: no field number.
func (st *encState) update(f int) {
	if f >= 0 {
		st.putUint(uint64(f - st.fieldnum))
		st.fieldnum = f
	}
}

func swapFloat(f float64) uint64 {
	u := math.Float64bits(f)
	var r uint64
	for i := 0; i < 8; i++ {
		r = r<<8 | u&0xff
		u >>= 8
	}
	return r
}

// writeMessage sends b's message, prefixed by its length, on w and
// starts a new one in b.
func (enc *Encoder) writeMessage(w io.Writer, b *encBuffer) {
	msg := b.data
	n := len(msg) - lenRoom
	if n >= tooBig {
		enc.setError(errors.New("gob: encoder: message too big"))
		return
	}
	count := appendUint(nil, uint64(n))
	off := lenRoom - len(count)
	copy(msg[off:], count)
	_, err := w.Write(msg[off:])
	b.startMessage()
	if err != nil {
		enc.setError(err)
	}
}

// encIndir is the number of pointers the encoder follows for a value of
// static type rt.
func encIndir(ut *userTypeInfo) int {
	if ut.extEnc != 0 {
		return ut.encInd
	}
	return ut.indir
}

func followPtrs(v reflect.Value, n int) reflect.Value {
	for ; n > 0; n-- {
		if v.IsNil() {
			break
		}
		v = v.Elem()
	}
	return v
}

func validValue(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Invalid:
		return false
	case reflect.Pointer:
		return !v.IsNil()
	}
	return true
}

// encPlan is how values of one static type are encoded, worked out once.
type encPlan struct {
	ut     *userTypeInfo
	kind   reflect.Kind // of the base type
	indir  int          // pointers followed before the value's op
	bytes  bool         // a slice of bytes
	fast   bool         // a slice or array of a predeclared basic type
	elem   *encPlan     // of a slice, array or map
	key    *encPlan     // of a map
	fields []encField   // of a struct: the sent fields
}

type encField struct {
	index int
	wire  int
	plan  *encPlan
}

var (
	planMu    sync.Mutex
	planBuild sync.Mutex
	encPlans  = map[reflect.Type]*encPlan{}
)

func planFor(rt reflect.Type) *encPlan {
	planMu.Lock()
	p := encPlans[rt]
	planMu.Unlock()
	if p != nil {
		return p
	}
	planBuild.Lock()
	defer planBuild.Unlock()
	pending := map[reflect.Type]*encPlan{}
	p = buildPlan(rt, pending)
	planMu.Lock()
	for t, q := range pending {
		encPlans[t] = q
	}
	planMu.Unlock()
	return p
}

func buildPlan(rt reflect.Type, pending map[reflect.Type]*encPlan) *encPlan {
	planMu.Lock()
	p := encPlans[rt]
	planMu.Unlock()
	if p != nil {
		return p
	}
	if p := pending[rt]; p != nil {
		return p
	}
	ut := mustUserType(rt)
	p = &encPlan{ut: ut, kind: ut.base.Kind(), indir: encIndir(ut)}
	pending[rt] = p
	if ut.extEnc != 0 {
		return p
	}
	t := ut.base
	switch p.kind {
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			p.bytes = true
		} else {
			p.elem = buildPlan(t.Elem(), pending)
			p.fast = fastElem(t.Elem())
		}
	case reflect.Array:
		p.elem = buildPlan(t.Elem(), pending)
		p.fast = fastElem(t.Elem()) && t.Elem().Kind() != reflect.Uint8
	case reflect.Map:
		p.key = buildPlan(t.Key(), pending)
		p.elem = buildPlan(t.Elem(), pending)
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if fieldSent(f) {
				p.fields = append(p.fields, encField{i, len(p.fields), buildPlan(f.Type, pending)})
			}
		}
	}
	return p
}

// checkEncodable raises the errors Go's encoder compiler raises for a type
// whose values cannot be encoded.
func checkEncodable(rt reflect.Type, seen map[reflect.Type]bool) {
	ut := mustUserType(rt)
	if ut.extEnc != 0 || seen[rt] {
		return
	}
	seen[rt] = true
	t := ut.base
	switch t.Kind() {
	case reflect.Slice, reflect.Array:
		if t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8 {
			return
		}
		checkEncodable(t.Elem(), seen)
	case reflect.Map:
		checkEncodable(t.Key(), seen)
		checkEncodable(t.Elem(), seen)
	case reflect.Struct:
		if seen[t] && t != rt {
			return
		}
		seen[t] = true
		sent := 0
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if fieldSent(f) {
				checkEncodable(f.Type, seen)
				sent++
			}
		}
		if t.NumField() > 0 && sent == 0 {
			gobFailf("type %s has no exported fields", t)
		}
	case reflect.Chan, reflect.Func, reflect.UnsafePointer:
		gobFailf("can't happen: encode type %s", ut.user)
	}
}

// item encodes v as field f (f < 0: an element) of static type rt; v has
// been followed through rt's pointers already.
func (st *encState) item(f int, p *encPlan, v reflect.Value) {
	ut := p.ut
	if ut.extEnc != 0 {
		if ut.encInd == -1 {
			if !v.CanAddr() {
				gobFailf("unaddressable value of type %s", reflect.PointerTo(ut.user))
			}
			v = v.Addr()
		}
		if !st.sendZero && v.IsZero() {
			return
		}
		st.update(f)
		st.enc.encodeExternal(st.b, ut, v)
		return
	}
	switch p.kind {
	case reflect.Bool:
		b := v.Bool()
		if b || st.sendZero {
			st.update(f)
			if b {
				st.putUint(1)
			} else {
				st.putUint(0)
			}
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if x := v.Int(); x != 0 || st.sendZero {
			st.update(f)
			st.putInt(x)
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if x := v.Uint(); x != 0 || st.sendZero {
			st.update(f)
			st.putUint(x)
		}
	case reflect.Float32, reflect.Float64:
		if x := v.Float(); x != 0 || st.sendZero {
			st.update(f)
			st.putUint(swapFloat(x))
		}
	case reflect.Complex64, reflect.Complex128:
		if c := v.Complex(); c != 0 || st.sendZero {
			st.update(f)
			st.putUint(swapFloat(real(c)))
			st.putUint(swapFloat(imag(c)))
		}
	case reflect.String:
		if s := v.String(); len(s) > 0 || st.sendZero {
			st.update(f)
			st.putUint(uint64(len(s)))
			st.b.data = append(st.b.data, s...)
		}
	case reflect.Slice:
		if p.bytes {
			if b := v.Bytes(); len(b) > 0 || st.sendZero {
				st.update(f)
				st.putUint(uint64(len(b)))
				st.b.data = append(st.b.data, b...)
			}
			return
		}
		if !st.sendZero && v.Len() == 0 {
			return
		}
		st.update(f)
		st.enc.encodeArray(st.b, v, p)
	case reflect.Array:
		st.update(f)
		st.enc.encodeArray(st.b, v, p)
	case reflect.Map:
		if !st.sendZero && v.IsNil() {
			return
		}
		st.update(f)
		st.enc.encodeMap(st.b, v, p)
	case reflect.Struct:
		st.update(f)
		st.enc.encodeStruct(st.b, p, v)
	case reflect.Interface:
		if !st.sendZero && (!v.IsValid() || v.IsNil()) {
			return
		}
		st.update(f)
		st.enc.encodeInterface(st.b, v)
	default:
		gobFailf("can't happen: encode type %s", ut.user)
	}
}

func (enc *Encoder) encodeStruct(b *encBuffer, p *encPlan, v reflect.Value) {
	// v is a struct (never a nil pointer): its callers followed the pointers.
	st := &encState{enc: enc, b: b, fieldnum: -1}
	for i := range p.fields {
		f := &p.fields[i]
		fv := v.Field(f.index)
		if f.plan.indir > 0 {
			fv = followPtrs(fv, f.plan.indir)
			if !validValue(fv) {
				continue
			}
		}
		st.item(f.wire, f.plan, fv)
	}
	st.putUint(0)
}

func (enc *Encoder) encodeArray(b *encBuffer, v reflect.Value, p *encPlan) {
	st := &encState{enc: enc, b: b, fieldnum: -1, sendZero: true}
	n := v.Len()
	st.putUint(uint64(n))
	if p.fast {
		if sv := fastSlice(v); sv.IsValid() && st.encodeFast(sv.Interface()) {
			return
		}
	}
	ep := p.elem
	for i := 0; i < n; i++ {
		e := v.Index(i)
		if ep.indir > 0 {
			e = followPtrs(e, ep.indir)
			if !validValue(e) {
				gobFailf("encodeArray: nil element")
			}
		}
		st.item(-1, ep, e)
	}
}

func (enc *Encoder) encodeMap(b *encBuffer, mv reflect.Value, p *encPlan) {
	st := &encState{enc: enc, b: b, fieldnum: -1, sendZero: true}
	st.putUint(uint64(mv.Len()))
	it := mv.MapRange()
	for it.Next() {
		st.mapPart(p.key, it.Key())
		st.mapPart(p.elem, it.Value())
	}
}

func (st *encState) mapPart(p *encPlan, v reflect.Value) {
	for i := 0; i < p.indir && v.IsValid(); i++ {
		v = reflect.Indirect(v)
	}
	if !v.IsValid() {
		gobFailf("encodeReflectValue: nil element")
	}
	st.item(-1, p, v)
}

func (enc *Encoder) encodeInterface(b *encBuffer, iv reflect.Value) {
	elem := iv.Elem()
	if elem.Kind() == reflect.Pointer && elem.IsNil() {
		gobFailf("gob: cannot encode nil pointer of type %s inside interface", iv.Elem().Type())
	}
	st := &encState{enc: enc, b: b, fieldnum: -1, sendZero: true}
	if iv.IsNil() {
		st.putUint(0)
		return
	}
	ut := mustUserType(elem.Type())
	regMu.Lock()
	name, ok := typeToName[ut.base]
	regMu.Unlock()
	if !ok {
		gobFailf("type not registered for interface: %s", ut.base)
	}
	st.putUint(uint64(len(name)))
	b.data = append(b.data, name...)
	enc.sendTypeDescriptor(enc.writer(), st, ut)
	enc.sendTypeId(st, ut)
	enc.w = append(enc.w, b)
	data := &encBuffer{}
	data.startMessage()
	enc.encode(data, elem, ut)
	if enc.err != nil {
		gobFail(enc.err)
	}
	enc.w = enc.w[:len(enc.w)-1]
	enc.writeMessage(b, data)
	if enc.err != nil {
		gobFail(enc.err)
	}
}

func (enc *Encoder) encodeExternal(b *encBuffer, ut *userTypeInfo, v reflect.Value) {
	var data []byte
	var err error
	switch ut.extEnc {
	case extGob:
		data, err = v.Interface().(GobEncoder).GobEncode()
	case extBinary:
		data, err = v.Interface().(encoding.BinaryMarshaler).MarshalBinary()
	}
	if err != nil {
		gobFail(err)
	}
	b.data = appendUint(b.data, uint64(len(data)))
	b.data = append(b.data, data...)
}

// encode writes the value v of user type ut in b.
func (enc *Encoder) encode(b *encBuffer, v reflect.Value, ut *userTypeInfo) {
	defer gobCatch(&enc.err)
	info, err := getTypeInfo(ut)
	if err != nil {
		gobFail(err)
	}
	if !info.checked {
		checkEncodable(ut.user, map[reflect.Type]bool{})
		info.checked = true
	}
	n := encIndir(ut)
	for i := 0; i < n; i++ {
		v = reflect.Indirect(v)
	}
	if ut.extEnc == 0 && v.Kind() == reflect.Struct {
		enc.encodeStruct(b, planFor(ut.base), v)
		return
	}
	st := &encState{enc: enc, b: b, sendZero: true}
	rt := ut.base
	if ut.extEnc != 0 {
		rt = ut.user
		if ut.encInd > 0 {
			v = followPtrs(v, ut.encInd)
		}
	}
	if validValue(v) {
		st.item(0, planFor(rt), v)
	}
}

// encodeWireType writes the description of a type.
func encodeWireType(b *encBuffer, w *wireType) {
	st := &encState{b: b, fieldnum: -1}
	common := func(c *CommonType) {
		st.update(0)
		cs := &encState{b: b, fieldnum: -1}
		if c.Name != "" {
			cs.update(0)
			cs.putUint(uint64(len(c.Name)))
			b.data = append(b.data, c.Name...)
		}
		if c.Id != 0 {
			cs.update(1)
			cs.putInt(int64(c.Id))
		}
		cs.putUint(0)
	}
	putId := func(s *encState, f int, id typeId) {
		if id != 0 {
			s.update(f)
			s.putInt(int64(id))
		}
	}
	outer := st
	inner := func(f int) {
		outer.update(f)
		st = &encState{b: b, fieldnum: -1}
	}
	switch {
	case w.ArrayT != nil:
		inner(0)
		common(&w.ArrayT.CommonType)
		putId(st, 1, w.ArrayT.Elem)
		if w.ArrayT.Len != 0 {
			st.update(2)
			st.putInt(int64(w.ArrayT.Len))
		}
	case w.SliceT != nil:
		inner(1)
		common(&w.SliceT.CommonType)
		putId(st, 1, w.SliceT.Elem)
	case w.StructT != nil:
		inner(2)
		common(&w.StructT.CommonType)
		if len(w.StructT.Field) > 0 {
			st.update(1)
			st.putUint(uint64(len(w.StructT.Field)))
			for _, f := range w.StructT.Field {
				fs := &encState{b: b, fieldnum: -1}
				if f.Name != "" {
					fs.update(0)
					fs.putUint(uint64(len(f.Name)))
					b.data = append(b.data, f.Name...)
				}
				putId(fs, 1, f.Id)
				fs.putUint(0)
			}
		}
	case w.MapT != nil:
		inner(3)
		common(&w.MapT.CommonType)
		putId(st, 1, w.MapT.Key)
		putId(st, 2, w.MapT.Elem)
	case w.GobEncoderT != nil:
		inner(4)
		common(&w.GobEncoderT.CommonType)
	case w.BinaryMarshalerT != nil:
		inner(5)
		common(&w.BinaryMarshalerT.CommonType)
	case w.TextMarshalerT != nil:
		inner(6)
		common(&w.TextMarshalerT.CommonType)
	}
	st.putUint(0)
	outer.putUint(0)
}

// sendActualType sends the description of actual (and of the types it
// holds) unless already sent.
func (enc *Encoder) sendActualType(w io.Writer, st *encState, ut *userTypeInfo, actual reflect.Type) bool {
	if _, done := enc.sent[actual]; done {
		return false
	}
	info, err := getTypeInfo(ut)
	if err != nil {
		enc.setError(err)
		return false
	}
	st.putInt(-int64(info.id))
	encodeWireType(st.b, &info.wire)
	enc.writeMessage(w, st.b)
	if enc.err != nil {
		return false
	}
	enc.sent[ut.base] = info.id
	if ut.user != ut.base {
		enc.sent[ut.user] = info.id
	}
	switch actual.Kind() {
	case reflect.Struct:
		for i := 0; i < actual.NumField(); i++ {
			if isExported(actual.Field(i).Name) {
				enc.sendType(w, st, actual.Field(i).Type)
			}
		}
	case reflect.Array, reflect.Slice:
		enc.sendType(w, st, actual.Elem())
	case reflect.Map:
		enc.sendType(w, st, actual.Key())
		enc.sendType(w, st, actual.Elem())
	}
	return true
}

// sendType sends the description of a composite type if needed.
func (enc *Encoder) sendType(w io.Writer, st *encState, origt reflect.Type) bool {
	ut := mustUserType(origt)
	if ut.extEnc != 0 {
		return enc.sendActualType(w, st, ut, ut.base)
	}
	switch rt := ut.base; rt.Kind() {
	case reflect.Slice:
		if rt.Elem().Kind() == reflect.Uint8 {
			return false
		}
	case reflect.Array, reflect.Map, reflect.Struct:
	default:
		return false
	}
	return enc.sendActualType(w, st, ut, ut.base)
}

func (enc *Encoder) sendTypeDescriptor(w io.Writer, st *encState, ut *userTypeInfo) {
	rt := ut.base
	if ut.extEnc != 0 {
		rt = ut.user
	}
	if _, done := enc.sent[rt]; done {
		return
	}
	if enc.sendType(w, st, rt) || enc.err != nil {
		return
	}
	info, err := getTypeInfo(ut)
	if err != nil {
		enc.setError(err)
		return
	}
	enc.sent[rt] = info.id
}

func (enc *Encoder) sendTypeId(st *encState, ut *userTypeInfo) {
	st.putInt(int64(enc.sent[ut.base]))
}

// Encode transmits the data item represented by the empty interface value,
// guaranteeing that all necessary type information has been transmitted
// first. Passing a nil pointer to Encoder will panic, as they cannot be
// transmitted by gob.
func (enc *Encoder) Encode(e any) error {
	return enc.EncodeValue(reflect.ValueOf(e))
}

// EncodeValue transmits the data item represented by the reflection value,
// guaranteeing that all necessary type information has been transmitted
// first. Passing a nil pointer to EncodeValue will panic, as they cannot be
// transmitted by gob.
func (enc *Encoder) EncodeValue(value reflect.Value) error {
	if value.Kind() == reflect.Invalid {
		return errors.New("gob: cannot encode nil value")
	}
	if value.Kind() == reflect.Pointer && value.IsNil() {
		panic("gob: cannot encode nil pointer of type " + value.Type().String())
	}
	enc.mu.Lock()
	defer enc.mu.Unlock()
	enc.w = enc.w[:1]
	ut, err := lookupUserType(value.Type())
	if err != nil {
		return err
	}
	enc.err = nil
	enc.buf.startMessage()
	st := &encState{enc: enc, b: &enc.buf}
	enc.sendTypeDescriptor(enc.writer(), st, ut)
	enc.sendTypeId(st, ut)
	if enc.err != nil {
		return enc.err
	}
	enc.encode(st.b, value, ut)
	if enc.err == nil {
		enc.writeMessage(enc.writer(), st.b)
	}
	return enc.err
}
