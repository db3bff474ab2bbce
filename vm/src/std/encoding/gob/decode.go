package gob

import (
	"bufio"
	"encoding"
	"errors"
	"io"
	"math"
	"reflect"
	"sync"
)

var (
	errBadUint  = errors.New("gob: encoded unsigned integer out of range")
	errBadType  = errors.New("gob: unknown type id or corrupted data")
	errRange    = errors.New("gob: bad data: field numbers out of bounds")
	errBadCount = errors.New("invalid message length")
)

// decBuffer holds the message being decoded.
type decBuffer struct {
	data []byte
	off  int
}

func (d *decBuffer) Read(p []byte) (int, error) {
	n := copy(p, d.data[d.off:])
	if n == 0 && len(p) != 0 {
		return 0, io.EOF
	}
	d.off += n
	return n, nil
}

func (d *decBuffer) ReadByte() (byte, error) {
	if d.off >= len(d.data) {
		return 0, io.EOF
	}
	c := d.data[d.off]
	d.off++
	return c, nil
}

func (d *decBuffer) Len() int     { return len(d.data) - d.off }
func (d *decBuffer) rest() []byte { return d.data[d.off:] }
func (d *decBuffer) drop(n int)   { d.off += n }
func (d *decBuffer) set(b []byte) { d.data, d.off = b, 0 }
func (d *decBuffer) clear()       { d.data, d.off = d.data[:0], 0 }

// A Decoder manages the receipt of type and data information read from the
// remote side of a connection. It is safe for concurrent use by multiple
// goroutines.
//
// The Decoder does only basic sanity checking on decoded input sizes, and
// its limits are not configurable. Take caution when decoding gob data
// from untrusted sources.
type Decoder struct {
	mu          sync.Mutex
	r           io.Reader
	buf         decBuffer
	wire        map[typeId]*wireType
	engines     map[reflect.Type]map[typeId]**decEngine
	ignorers    map[typeId]**decEngine
	countBuf    []byte
	err         error
	ignoreDepth int
}

// NewDecoder returns a new decoder that reads from the io.Reader. If r
// does not also implement io.ByteReader, it will be wrapped in a
// bufio.Reader.
func NewDecoder(r io.Reader) *Decoder {
	if _, ok := r.(io.ByteReader); !ok {
		r = bufio.NewReader(r)
	}
	return &Decoder{
		r:        r,
		wire:     map[typeId]*wireType{},
		engines:  map[reflect.Type]map[typeId]**decEngine{},
		ignorers: map[typeId]**decEngine{},
		countBuf: make([]byte, 9),
	}
}

// readCount reads an unsigned integer straight from r.
func readCount(r io.Reader, buf []byte) (uint64, error) {
	n, err := io.ReadFull(r, buf[:1])
	if n == 0 {
		return 0, err
	}
	b := buf[0]
	if b <= 0x7f {
		return uint64(b), nil
	}
	size := -int(int8(b))
	if size > 8 {
		return 0, errBadUint
	}
	if _, err := io.ReadFull(r, buf[:size]); err != nil {
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return 0, err
	}
	var x uint64
	for _, c := range buf[:size] {
		x = x<<8 | uint64(c)
	}
	return x, nil
}

func (dec *Decoder) recvMessage() bool {
	n, err := readCount(dec.r, dec.countBuf)
	if err != nil {
		dec.err = err
		return false
	}
	if n >= tooBig {
		dec.err = errBadCount
		return false
	}
	dec.readMessage(int(n))
	return dec.err == nil
}

func (dec *Decoder) readMessage(n int) {
	if dec.buf.Len() != 0 {
		panic("non-empty decoder buffer")
	}
	const chunk = 10 << 20
	var data []byte
	var err error
	if n < chunk {
		data = make([]byte, n)
		_, err = io.ReadFull(dec.r, data)
	} else {
		for len(data) < n && err == nil {
			next := n - len(data)
			if next > chunk {
				next = chunk
			}
			part := make([]byte, next)
			_, err = io.ReadFull(dec.r, part)
			data = append(data, part...)
		}
	}
	if err != nil {
		data = nil
	}
	dec.buf.set(data)
	dec.err = err
	if dec.err == io.EOF {
		dec.err = io.ErrUnexpectedEOF
	}
}

func (dec *Decoder) recvType(id typeId) {
	if id < firstUserId || dec.wire[id] != nil {
		dec.err = errors.New("gob: duplicate type received")
		return
	}
	var w *wireType
	func() {
		defer gobCatch(&dec.err)
		w = dec.readWireType()
	}()
	if dec.err != nil {
		return
	}
	dec.wire[id] = w
}

// decodeTypeSequence reads type definitions up to the id of a value.
func (dec *Decoder) decodeTypeSequence(isInterface bool) typeId {
	first := true
	for dec.err == nil {
		if dec.buf.Len() == 0 {
			if !dec.recvMessage() {
				if !first && dec.err == io.EOF {
					dec.err = io.ErrUnexpectedEOF
				}
				break
			}
		}
		id := typeId(dec.nextInt())
		if id >= 0 {
			return id
		}
		dec.recvType(-id)
		if dec.err != nil {
			break
		}
		if dec.buf.Len() > 0 {
			if !isInterface {
				dec.err = errors.New("extra data in buffer")
				break
			}
			dec.nextUint()
		}
		first = false
	}
	return -1
}

func (dec *Decoder) nextUint() uint64 {
	n, err := readCount(&dec.buf, dec.countBuf)
	if err != nil {
		dec.err = err
	}
	return n
}

func (dec *Decoder) nextInt() int64 {
	return unzigzag(dec.nextUint())
}

func unzigzag(x uint64) int64 {
	if x&1 != 0 {
		return ^int64(x >> 1)
	}
	return int64(x >> 1)
}

// Decode reads the next value from the input stream and stores it in the
// data represented by the empty interface value. If e is nil, the value
// will be discarded. Otherwise, the value underlying e must be a pointer
// to the correct type for the next data item received. If the input is at
// EOF, Decode returns io.EOF and does not modify e.
func (dec *Decoder) Decode(e any) error {
	if e == nil {
		return dec.DecodeValue(reflect.Value{})
	}
	v := reflect.ValueOf(e)
	if v.Kind() != reflect.Pointer {
		dec.err = errors.New("gob: attempt to decode into a non-pointer")
		return dec.err
	}
	return dec.DecodeValue(v)
}

// DecodeValue reads the next value from the input stream. If v is the zero
// reflect.Value (v.Kind() == Invalid), DecodeValue discards the value.
// Otherwise, it stores the value into v. In that case, v must represent a
// non-nil pointer to data or be an assignable reflect.Value (v.CanSet()).
// If the input is at EOF, DecodeValue returns io.EOF and does not modify v.
func (dec *Decoder) DecodeValue(v reflect.Value) error {
	if v.IsValid() {
		if v.Kind() == reflect.Pointer && !v.IsNil() {
			// a pointer to data
		} else if !v.CanSet() {
			return errors.New("gob: DecodeValue of unassignable value")
		}
	}
	dec.mu.Lock()
	defer dec.mu.Unlock()
	dec.buf.clear()
	dec.err = nil
	id := dec.decodeTypeSequence(false)
	if dec.err == nil {
		dec.decodeValue(id, v)
	}
	return dec.err
}

// Reading primitive items from the message.

func (dec *Decoder) readUint() uint64 {
	d := &dec.buf
	if d.off >= len(d.data) {
		gobFail(io.EOF)
	}
	b := d.data[d.off]
	d.off++
	if b <= 0x7f {
		return uint64(b)
	}
	n := -int(int8(b))
	if n > 8 {
		gobFail(errBadUint)
	}
	rest := dec.buf.rest()
	if len(rest) < n {
		gobFailf("invalid uint data length %d: exceeds input size %d", n, len(rest))
	}
	var x uint64
	for _, c := range rest[:n] {
		x = x<<8 | uint64(c)
	}
	dec.buf.drop(n)
	return x
}

func (dec *Decoder) readInt() int64 { return unzigzag(dec.readUint()) }

func (dec *Decoder) readLength() (int, bool) {
	n := int(dec.readUint())
	if n < 0 || dec.buf.Len() < n || tooBig <= n {
		return 0, false
	}
	return n, true
}

// readStruct reads (delta, field) pairs up to the terminator, calling
// field for each field number.
func (dec *Decoder) readStruct(field func(int)) {
	num := -1
	for dec.buf.Len() > 0 {
		delta := int(dec.readUint())
		if delta < 0 {
			gobFailf("decode: corrupted data: negative delta")
		}
		if delta == 0 {
			break
		}
		num += delta
		field(num)
	}
}

func (dec *Decoder) readName() string {
	n, ok := dec.readLength()
	if !ok {
		gobFailf("bad string slice length: %d", n)
	}
	s := string(dec.buf.rest()[:n])
	dec.buf.drop(n)
	return s
}

func (dec *Decoder) readCommon(c *CommonType) {
	dec.readStruct(func(f int) {
		switch f {
		case 0:
			c.Name = dec.readName()
		case 1:
			c.Id = typeId(dec.readInt())
		default:
			gobFail(errRange)
		}
	})
}

// readWireType reads the description of a type.
func (dec *Decoder) readWireType() *wireType {
	w := new(wireType)
	dec.readStruct(func(f int) {
		switch f {
		case 0:
			t := new(arrayType)
			dec.readStruct(func(f int) {
				switch f {
				case 0:
					dec.readCommon(&t.CommonType)
				case 1:
					t.Elem = typeId(dec.readInt())
				case 2:
					t.Len = int(dec.readInt())
				default:
					gobFail(errRange)
				}
			})
			w.ArrayT = t
		case 1:
			t := new(sliceType)
			dec.readStruct(func(f int) {
				switch f {
				case 0:
					dec.readCommon(&t.CommonType)
				case 1:
					t.Elem = typeId(dec.readInt())
				default:
					gobFail(errRange)
				}
			})
			w.SliceT = t
		case 2:
			t := new(structType)
			dec.readStruct(func(f int) {
				switch f {
				case 0:
					dec.readCommon(&t.CommonType)
				case 1:
					n := int(dec.readUint())
					for i := 0; i < n; i++ {
						if dec.buf.Len() == 0 {
							gobFailf("decoding array or slice: length exceeds input size (%d elements)", n)
						}
						var ft fieldType
						dec.readStruct(func(f int) {
							switch f {
							case 0:
								ft.Name = dec.readName()
							case 1:
								ft.Id = typeId(dec.readInt())
							default:
								gobFail(errRange)
							}
						})
						t.Field = append(t.Field, ft)
					}
				default:
					gobFail(errRange)
				}
			})
			w.StructT = t
		case 3:
			t := new(mapType)
			dec.readStruct(func(f int) {
				switch f {
				case 0:
					dec.readCommon(&t.CommonType)
				case 1:
					t.Key = typeId(dec.readInt())
				case 2:
					t.Elem = typeId(dec.readInt())
				default:
					gobFail(errRange)
				}
			})
			w.MapT = t
		case 4, 5, 6:
			t := new(gobEncoderType)
			dec.readStruct(func(f int) {
				if f != 0 {
					gobFail(errRange)
				}
				dec.readCommon(&t.CommonType)
			})
			switch f {
			case 4:
				w.GobEncoderT = t
			case 5:
				w.BinaryMarshalerT = t
			default:
				w.TextMarshalerT = t
			}
		default:
			gobFail(errRange)
		}
	})
	return w
}

// Compiled decoders.

type decOp func(dec *Decoder, in *decInstr, v reflect.Value)

type decInstr struct {
	op    decOp
	field int
	index []int
	ovfl  error
	ptr   bool // the destination field is a pointer
}

type decEngine struct {
	instr    []decInstr
	numInstr int
}

func overflow(name string) error {
	return errors.New(`value for "` + name + `" out of range`)
}

// decAlloc follows v's pointers, allocating where nil.
func decAlloc(v reflect.Value) reflect.Value {
	for v.Kind() == reflect.Pointer {
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		}
		v = v.Elem()
	}
	return v
}

func floatFromBits(u uint64) float64 {
	var r uint64
	for i := 0; i < 8; i++ {
		r = r<<8 | u&0xff
		u >>= 8
	}
	return math.Float64frombits(r)
}

func float32FromBits(u uint64, ovfl error) float64 {
	v := floatFromBits(u)
	av := math.Abs(v)
	if math.MaxFloat32 < av && av <= math.MaxFloat64 {
		gobFail(ovfl)
	}
	return v
}

func opBool(dec *Decoder, in *decInstr, v reflect.Value) { v.SetBool(dec.readUint() != 0) }

func intOp(min, max int64) decOp {
	return func(dec *Decoder, in *decInstr, v reflect.Value) {
		x := dec.readInt()
		if x < min || max < x {
			gobFail(in.ovfl)
		}
		v.SetInt(x)
	}
}

func uintOp(max uint64) decOp {
	return func(dec *Decoder, in *decInstr, v reflect.Value) {
		x := dec.readUint()
		if max < x {
			gobFail(in.ovfl)
		}
		v.SetUint(x)
	}
}

func opFloat32(dec *Decoder, in *decInstr, v reflect.Value) {
	v.SetFloat(float32FromBits(dec.readUint(), in.ovfl))
}

func opFloat64(dec *Decoder, in *decInstr, v reflect.Value) {
	v.SetFloat(floatFromBits(dec.readUint()))
}

func opComplex64(dec *Decoder, in *decInstr, v reflect.Value) {
	re := float32FromBits(dec.readUint(), in.ovfl)
	im := float32FromBits(dec.readUint(), in.ovfl)
	v.SetComplex(complex(re, im))
}

func opComplex128(dec *Decoder, in *decInstr, v reflect.Value) {
	re := floatFromBits(dec.readUint())
	im := floatFromBits(dec.readUint())
	v.SetComplex(complex(re, im))
}

func opString(dec *Decoder, in *decInstr, v reflect.Value) {
	n, ok := dec.readLength()
	if !ok {
		gobFailf("bad %s slice length: %d", v.Type(), n)
	}
	rest := dec.buf.rest()
	if len(rest) < n {
		gobFailf("invalid string length %d: exceeds input size %d", n, len(rest))
	}
	s := string(rest[:n])
	dec.buf.drop(n)
	v.SetString(s)
}

func opBytes(dec *Decoder, in *decInstr, v reflect.Value) {
	n, ok := dec.readLength()
	if !ok {
		gobFailf("bad %s slice length: %d", v.Type(), n)
	}
	if v.Cap() < n {
		v.Set(reflect.MakeSlice(v.Type(), n, n))
	} else {
		v.SetLen(n)
	}
	copy(v.Bytes(), dec.buf.rest()[:n])
	dec.buf.drop(n)
}

var basicOps = map[reflect.Kind]decOp{
	reflect.Bool:       opBool,
	reflect.Int:        intOp(math.MinInt64, math.MaxInt64),
	reflect.Int8:       intOp(math.MinInt8, math.MaxInt8),
	reflect.Int16:      intOp(math.MinInt16, math.MaxInt16),
	reflect.Int32:      intOp(math.MinInt32, math.MaxInt32),
	reflect.Int64:      intOp(math.MinInt64, math.MaxInt64),
	reflect.Uint:       uintOp(math.MaxUint64),
	reflect.Uint8:      uintOp(math.MaxUint8),
	reflect.Uint16:     uintOp(math.MaxUint16),
	reflect.Uint32:     uintOp(math.MaxUint32),
	reflect.Uint64:     uintOp(math.MaxUint64),
	reflect.Uintptr:    uintOp(math.MaxUint64),
	reflect.Float32:    opFloat32,
	reflect.Float64:    opFloat64,
	reflect.Complex64:  opComplex64,
	reflect.Complex128: opComplex128,
	reflect.String:     opString,
}

func ignoreUint(dec *Decoder, in *decInstr, v reflect.Value) { dec.readUint() }

func ignoreTwoUints(dec *Decoder, in *decInstr, v reflect.Value) {
	dec.readUint()
	dec.readUint()
}

func ignoreBytes(dec *Decoder, in *decInstr, v reflect.Value) {
	n, ok := dec.readLength()
	if !ok {
		gobFailf("slice length too large")
	}
	if bn := dec.buf.Len(); bn < n {
		gobFailf("invalid slice length %d: exceeds input size %d", n, bn)
	}
	dec.buf.drop(n)
}

var ignoreOps = map[typeId]decOp{
	idBool: ignoreUint, idInt: ignoreUint, idUint: ignoreUint, idFloat: ignoreUint,
	idBytes: ignoreBytes, idString: ignoreBytes, idComplex: ignoreTwoUints,
}

// helperName is the element name Go's fast paths use in their errors, or "".
func helperName(v reflect.Value) string {
	et := v.Type().Elem()
	k := et.Kind()
	if et.PkgPath() != "" || et.Name() != k.String() || k == reflect.Uint8 {
		return ""
	}
	if _, ok := basicOps[k]; !ok {
		return ""
	}
	if v.Kind() == reflect.Array && !v.CanAddr() {
		return ""
	}
	if v.Kind() == reflect.Slice && v.Type() != reflect.SliceOf(et) {
		return ""
	}
	return k.String()
}

func (dec *Decoder) decodeElems(v reflect.Value, elemOp decOp, n int, ovfl error, isPtr, fast bool) {
	ln := v.Len()
	if fast && ln >= n {
		if sv := fastSlice(v); sv.IsValid() && dec.decodeFast(sv.Interface(), n, ovfl) {
			return
		}
	}
	in := &decInstr{elemOp, 0, nil, ovfl, false}
	for i := 0; i < n; i++ {
		if dec.buf.Len() == 0 {
			if hn := helperName(v); hn != "" {
				gobFailf("decoding %s array or slice: length exceeds input size (%d elements)", hn, n)
			}
			gobFailf("decoding array or slice: length exceeds input size (%d elements)", n)
		}
		if i >= ln {
			v.Grow(1)
			c := v.Cap()
			if c > n {
				c = n
			}
			v.SetLen(c)
			ln = c
		}
		e := v.Index(i)
		if isPtr {
			e = decAlloc(e)
		}
		elemOp(dec, in, e)
	}
}

func (dec *Decoder) decodeArray(v reflect.Value, elemOp decOp, n int, ovfl error, isPtr, fast bool) {
	if x := dec.readUint(); x != uint64(n) {
		gobFailf("length mismatch in decodeArray")
	}
	dec.decodeElems(v, elemOp, n, ovfl, isPtr, fast)
}

func (dec *Decoder) decodeSlice(v reflect.Value, elemOp decOp, ovfl error, isPtr, fast bool) {
	u := dec.readUint()
	t := v.Type()
	size := uint64(t.Elem().Size())
	nBytes := u * size
	n := int(u)
	if n < 0 || uint64(n) != u || nBytes > tooBig || (size > 0 && nBytes/size != u) {
		gobFailf("%s slice too big: %d elements of %d bytes", t.Elem(), u, size)
	}
	if v.Cap() < n {
		c := n
		if size > 0 && uint64(c)*size > 10<<20 {
			c = int((10 << 20) / size)
		}
		v.Set(reflect.MakeSlice(t, c, c))
	} else {
		v.SetLen(n)
	}
	dec.decodeElems(v, elemOp, n, ovfl, isPtr, fast)
}

func (dec *Decoder) decodeMap(mt reflect.Type, v reflect.Value, keyOp, elemOp decOp, ovfl error) {
	n := int(dec.readUint())
	if v.IsNil() {
		v.Set(reflect.MakeMapWithSize(mt, n))
	}
	keyPtr := mt.Key().Kind() == reflect.Pointer
	elemPtr := mt.Elem().Kind() == reflect.Pointer
	kin := &decInstr{keyOp, 0, nil, ovfl, false}
	ein := &decInstr{elemOp, 0, nil, ovfl, false}
	kp := reflect.New(mt.Key())
	ep := reflect.New(mt.Elem())
	for i := 0; i < n; i++ {
		k := kp.Elem()
		kv := k
		if keyPtr {
			kv = decAlloc(k)
		}
		keyOp(dec, kin, kv)
		e := ep.Elem()
		ev := e
		if elemPtr {
			ev = decAlloc(e)
		}
		elemOp(dec, ein, ev)
		v.SetMapIndex(k, e)
		k.SetZero()
		e.SetZero()
	}
}

func (dec *Decoder) decodeInterface(ityp reflect.Type, v reflect.Value) {
	nr := dec.readUint()
	if nr > 1<<31 {
		gobFailf("invalid type name length %d", nr)
	}
	if nr > uint64(dec.buf.Len()) {
		gobFailf("invalid type name length %d: exceeds input size", nr)
	}
	n := int(nr)
	name := dec.buf.rest()[:n]
	dec.buf.drop(n)
	if n == 0 {
		v.SetZero()
		return
	}
	if n > 1024 {
		gobFailf("name too long (%d bytes): %.20q...", n, name)
	}
	regMu.Lock()
	typ, ok := nameToType[string(name)]
	regMu.Unlock()
	if !ok {
		gobFailf("name not registered for interface: %q", name)
	}
	id := dec.decodeTypeSequence(true)
	if id < 0 {
		gobFail(dec.err)
	}
	dec.readUint()
	x := reflect.New(typ).Elem()
	dec.decodeValue(id, x)
	if dec.err != nil {
		gobFail(dec.err)
	}
	if !typ.AssignableTo(ityp) {
		gobFailf("%s is not assignable to type %s", typ, ityp)
	}
	v.Set(x)
}

func (dec *Decoder) ignoreInterface() {
	n, ok := dec.readLength()
	if !ok {
		gobFailf("bad interface encoding: name too large for buffer")
	}
	if bn := dec.buf.Len(); bn < n {
		gobFailf("invalid interface value length %d: exceeds input size %d", n, bn)
	}
	dec.buf.drop(n)
	if id := dec.decodeTypeSequence(true); id < 0 {
		gobFail(dec.err)
	}
	n, ok = dec.readLength()
	if !ok {
		gobFailf("bad interface encoding: data length too large for buffer")
	}
	dec.buf.drop(n)
}

func (dec *Decoder) decodeExternal(ut *userTypeInfo, v reflect.Value) {
	n, ok := dec.readLength()
	if !ok {
		gobFailf("GobDecoder: length too large for buffer")
	}
	b := dec.buf.rest()
	if len(b) < n {
		gobFailf("GobDecoder: invalid data length %d: exceeds input size %d", n, len(b))
	}
	b = b[:n]
	dec.buf.drop(n)
	var err error
	switch ut.extDec {
	case extGob:
		err = v.Interface().(GobDecoder).GobDecode(b)
	case extBinary:
		err = v.Interface().(encoding.BinaryUnmarshaler).UnmarshalBinary(b)
	case extText:
		err = v.Interface().(encoding.TextUnmarshaler).UnmarshalText(b)
	}
	if err != nil {
		gobFail(err)
	}
}

func ignoreExternal(dec *Decoder, in *decInstr, v reflect.Value) {
	n, ok := dec.readLength()
	if !ok {
		gobFailf("GobDecoder: length too large for buffer")
	}
	if bn := dec.buf.Len(); bn < n {
		gobFailf("GobDecoder: invalid data length %d: exceeds input size %d", n, bn)
	}
	dec.buf.drop(n)
}

// decOpFor compiles the decoding of remote type wireId into local type rt.
func (dec *Decoder) decOpFor(wireId typeId, rt reflect.Type, name string, inProgress map[reflect.Type]*decOp) *decOp {
	ut := mustUserType(rt)
	if ut.extDec != 0 {
		return dec.externalOpFor(ut)
	}
	if p := inProgress[rt]; p != nil {
		return p
	}
	t := ut.base
	op := basicOps[t.Kind()]
	if op == nil {
		inProgress[rt] = &op
		switch t.Kind() {
		case reflect.Array:
			name = "element of " + name
			elemOp := dec.decOpFor(dec.wire[wireId].ArrayT.Elem, t.Elem(), name, inProgress)
			ovfl := overflow(name)
			n := t.Len()
			isPtr := t.Elem().Kind() == reflect.Pointer
			fast := fastElem(t.Elem()) && t.Elem().Kind() != reflect.Uint8
			op = func(dec *Decoder, in *decInstr, v reflect.Value) {
				dec.decodeArray(v, *elemOp, n, ovfl, isPtr, fast)
			}
		case reflect.Map:
			mt := dec.wire[wireId].MapT
			keyOp := dec.decOpFor(mt.Key, t.Key(), "key of "+name, inProgress)
			elemOp := dec.decOpFor(mt.Elem, t.Elem(), "element of "+name, inProgress)
			ovfl := overflow(name)
			op = func(dec *Decoder, in *decInstr, v reflect.Value) {
				dec.decodeMap(t, v, *keyOp, *elemOp, ovfl)
			}
		case reflect.Slice:
			name = "element of " + name
			if t.Elem().Kind() == reflect.Uint8 {
				op = opBytes
				break
			}
			var elemId typeId
			if bt := builtinIdToType(wireId); bt != nil {
				elemId = bt.(*sliceType).Elem
			} else {
				elemId = dec.wire[wireId].SliceT.Elem
			}
			elemOp := dec.decOpFor(elemId, t.Elem(), name, inProgress)
			ovfl := overflow(name)
			isPtr := t.Elem().Kind() == reflect.Pointer
			fast := fastElem(t.Elem())
			op = func(dec *Decoder, in *decInstr, v reflect.Value) {
				dec.decodeSlice(v, *elemOp, ovfl, isPtr, fast)
			}
		case reflect.Struct:
			ep, err := dec.getDecEnginePtr(wireId, mustUserType(t))
			if err != nil {
				gobFail(err)
			}
			op = func(dec *Decoder, in *decInstr, v reflect.Value) {
				dec.decodeStruct(*ep, v)
			}
		case reflect.Interface:
			op = func(dec *Decoder, in *decInstr, v reflect.Value) {
				dec.decodeInterface(t, v)
			}
		}
	}
	if op == nil {
		gobFailf("decode can't handle type %s", rt)
	}
	return &op
}

func (dec *Decoder) externalOpFor(ut *userTypeInfo) *decOp {
	rcvr := ut.user
	if ut.decInd == -1 {
		rcvr = reflect.PointerTo(rcvr)
	} else {
		for i := 0; i < ut.decInd; i++ {
			rcvr = rcvr.Elem()
		}
	}
	var op decOp = func(dec *Decoder, in *decInstr, v reflect.Value) {
		if v.Kind() != reflect.Pointer && rcvr.Kind() == reflect.Pointer {
			v = v.Addr()
		}
		dec.decodeExternal(ut, v)
	}
	return &op
}

// decIgnoreOpFor compiles skipping a value of remote type wireId.
func (dec *Decoder) decIgnoreOpFor(wireId typeId, inProgress map[typeId]*decOp) *decOp {
	dec.ignoreDepth++
	defer func() { dec.ignoreDepth-- }()
	if dec.ignoreDepth > 10000 {
		gobFail(errors.New("invalid nesting depth"))
	}
	if p := inProgress[wireId]; p != nil {
		return p
	}
	op, ok := ignoreOps[wireId]
	if !ok {
		inProgress[wireId] = &op
		if wireId == idInterface {
			op = func(dec *Decoder, in *decInstr, v reflect.Value) { dec.ignoreInterface() }
			return &op
		}
		w := dec.wire[wireId]
		switch {
		case w == nil:
			gobFailf("bad data: undefined type %s", typeIdString(wireId))
		case w.ArrayT != nil:
			elemOp := dec.decIgnoreOpFor(w.ArrayT.Elem, inProgress)
			n := w.ArrayT.Len
			op = func(dec *Decoder, in *decInstr, v reflect.Value) {
				if x := dec.readUint(); x != uint64(n) {
					gobFailf("length mismatch in ignoreArray")
				}
				dec.ignoreElems(*elemOp, n)
			}
		case w.MapT != nil:
			keyOp := dec.decIgnoreOpFor(w.MapT.Key, inProgress)
			elemOp := dec.decIgnoreOpFor(w.MapT.Elem, inProgress)
			op = func(dec *Decoder, in *decInstr, v reflect.Value) {
				n := int(dec.readUint())
				noErr := &decInstr{nil, 0, nil, errors.New("no error"), false}
				for i := 0; i < n; i++ {
					(*keyOp)(dec, noErr, reflect.Value{})
					(*elemOp)(dec, noErr, reflect.Value{})
				}
			}
		case w.SliceT != nil:
			elemOp := dec.decIgnoreOpFor(w.SliceT.Elem, inProgress)
			op = func(dec *Decoder, in *decInstr, v reflect.Value) {
				dec.ignoreElems(*elemOp, int(dec.readUint()))
			}
		case w.StructT != nil:
			ep, err := dec.getIgnoreEnginePtr(wireId)
			if err != nil {
				gobFail(err)
			}
			op = func(dec *Decoder, in *decInstr, v reflect.Value) { dec.ignoreStruct(*ep) }
		case w.GobEncoderT != nil, w.BinaryMarshalerT != nil, w.TextMarshalerT != nil:
			op = ignoreExternal
		}
	}
	if op == nil {
		gobFailf("bad data: ignore can't handle type %s", typeIdString(wireId))
	}
	return &op
}

func (dec *Decoder) ignoreElems(elemOp decOp, n int) {
	in := &decInstr{elemOp, 0, nil, errors.New("no error"), false}
	for i := 0; i < n; i++ {
		if dec.buf.Len() == 0 {
			gobFailf("decoding array or slice: length exceeds input size (%d elements)", n)
		}
		elemOp(dec, in, reflect.Value{})
	}
}

// compatibleType reports whether local type fr can receive remote type fw.
func (dec *Decoder) compatibleType(fr reflect.Type, fw typeId, inProgress map[reflect.Type]typeId) bool {
	if rhs, ok := inProgress[fr]; ok {
		return rhs == fw
	}
	inProgress[fr] = fw
	ut := mustUserType(fr)
	w, ok := dec.wire[fw]
	if (ut.extDec == extGob) != (ok && w.GobEncoderT != nil) ||
		(ut.extDec == extBinary) != (ok && w.BinaryMarshalerT != nil) ||
		(ut.extDec == extText) != (ok && w.TextMarshalerT != nil) {
		return false
	}
	if ut.extDec != 0 {
		return true
	}
	t := ut.base
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128, reflect.String,
		reflect.Interface:
		return fw == basicByKind[t.Kind()]
	case reflect.Array:
		if !ok || w.ArrayT == nil {
			return false
		}
		return t.Len() == w.ArrayT.Len && dec.compatibleType(t.Elem(), w.ArrayT.Elem, inProgress)
	case reflect.Map:
		if !ok || w.MapT == nil {
			return false
		}
		return dec.compatibleType(t.Key(), w.MapT.Key, inProgress) && dec.compatibleType(t.Elem(), w.MapT.Elem, inProgress)
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			return fw == idBytes
		}
		var sw *sliceType
		if bt := builtinIdToType(fw); bt != nil {
			sw, _ = bt.(*sliceType)
		} else if w != nil {
			sw = w.SliceT
		}
		elem := mustUserType(t.Elem()).base
		return sw != nil && dec.compatibleType(elem, sw.Elem, inProgress)
	case reflect.Struct:
		return true
	}
	return false
}

func (dec *Decoder) typeString(id typeId) string {
	gobMu.Lock()
	defer gobMu.Unlock()
	if t := idToType(id); t != nil {
		return t.string()
	}
	return dec.wire[id].string()
}

func (dec *Decoder) compileSingle(remoteId typeId, ut *userTypeInfo) (*decEngine, error) {
	rt := ut.user
	name := rt.String()
	if !dec.compatibleType(rt, remoteId, map[reflect.Type]typeId{}) {
		remote := dec.typeString(remoteId)
		if ut.base.Kind() == reflect.Interface && remoteId != idInterface {
			return nil, errors.New("gob: local interface type " + name + " can only be decoded from remote interface type; received concrete type " + remote)
		}
		return nil, errors.New("gob: decoding into local type " + name + ", received remote type " + remote)
	}
	op := dec.decOpFor(remoteId, rt, name, map[reflect.Type]*decOp{})
	return &decEngine{instr: []decInstr{{*op, 0, nil, overflow(name), false}}, numInstr: 1}, nil
}

func (dec *Decoder) compileIgnoreSingle(remoteId typeId) *decEngine {
	op := dec.decIgnoreOpFor(remoteId, map[typeId]*decOp{})
	return &decEngine{instr: []decInstr{{*op, 0, nil, overflow(dec.typeString(remoteId)), false}}, numInstr: 1}
}

func (dec *Decoder) compileDec(remoteId typeId, ut *userTypeInfo) (engine *decEngine, err error) {
	defer gobCatch(&err)
	srt := ut.base
	if srt.Kind() != reflect.Struct || ut.extDec != 0 {
		return dec.compileSingle(remoteId, ut)
	}
	var ws *structType
	if bt := builtinIdToType(remoteId); bt != nil {
		ws, _ = bt.(*structType)
	} else {
		w := dec.wire[remoteId]
		if w == nil {
			gobFail(errBadType)
		}
		ws = w.StructT
	}
	if ws == nil {
		gobFailf("type mismatch in decoder: want struct type %s; got non-struct", srt)
	}
	engine = &decEngine{instr: make([]decInstr, len(ws.Field))}
	seen := map[reflect.Type]*decOp{}
	for i, wf := range ws.Field {
		if wf.Name == "" {
			gobFailf("empty name for remote field of type %s", ws.Name)
		}
		ovfl := overflow(wf.Name)
		lf, present := srt.FieldByName(wf.Name)
		if !present || !isExported(wf.Name) {
			op := dec.decIgnoreOpFor(wf.Id, map[typeId]*decOp{})
			engine.instr[i] = decInstr{*op, i, nil, ovfl, false}
			continue
		}
		if !dec.compatibleType(lf.Type, wf.Id, map[reflect.Type]typeId{}) {
			gobFailf("wrong type (%s) for received field %s.%s", lf.Type, ws.Name, wf.Name)
		}
		op := dec.decOpFor(wf.Id, lf.Type, lf.Name, seen)
		engine.instr[i] = decInstr{*op, i, lf.Index, ovfl, lf.Type.Kind() == reflect.Pointer}
		engine.numInstr++
	}
	return engine, nil
}

func (dec *Decoder) getDecEnginePtr(remoteId typeId, ut *userTypeInfo) (**decEngine, error) {
	rt := ut.user
	m, ok := dec.engines[rt]
	if !ok {
		m = map[typeId]**decEngine{}
		dec.engines[rt] = m
	}
	if p, ok := m[remoteId]; ok {
		return p, nil
	}
	p := new(*decEngine)
	m[remoteId] = p
	e, err := dec.compileDec(remoteId, ut)
	*p = e
	if err != nil {
		delete(m, remoteId)
	}
	return p, err
}

func (dec *Decoder) getIgnoreEnginePtr(wireId typeId) (**decEngine, error) {
	if p, ok := dec.ignorers[wireId]; ok {
		return p, nil
	}
	p := new(*decEngine)
	dec.ignorers[wireId] = p
	var err error
	if w := dec.wire[wireId]; w != nil && w.StructT != nil {
		*p, err = dec.compileDec(wireId, mustUserType(emptyStructT))
	} else {
		*p = dec.compileIgnoreSingle(wireId)
	}
	if err != nil {
		delete(dec.ignorers, wireId)
	}
	return p, err
}

func (dec *Decoder) decodeSingle(engine *decEngine, v reflect.Value) {
	if dec.readUint() != 0 {
		gobFailf("decode: corrupted data: non-zero delta for singleton")
	}
	in := &engine.instr[0]
	in.op(dec, in, v)
}

func (dec *Decoder) decodeStruct(engine *decEngine, v reflect.Value) {
	num := -1
	for dec.buf.Len() > 0 {
		delta := int(dec.readUint())
		if delta < 0 {
			gobFailf("decode: corrupted data: negative delta")
		}
		if delta == 0 {
			break
		}
		if num >= len(engine.instr)-delta {
			gobFail(errRange)
		}
		f := num + delta
		in := &engine.instr[f]
		var fv reflect.Value
		if in.index != nil {
			if len(in.index) == 1 {
				fv = v.Field(in.index[0])
			} else {
				fv = v.FieldByIndex(in.index)
			}
			if in.ptr {
				fv = decAlloc(fv)
			}
		}
		in.op(dec, in, fv)
		num = f
	}
}

func (dec *Decoder) ignoreStruct(engine *decEngine) {
	num := -1
	for dec.buf.Len() > 0 {
		delta := int(dec.readUint())
		if delta < 0 {
			gobFailf("ignore decode: corrupted data: negative delta")
		}
		if delta == 0 {
			break
		}
		f := num + delta
		if f >= len(engine.instr) {
			gobFail(errRange)
		}
		in := &engine.instr[f]
		in.op(dec, in, reflect.Value{})
		num = f
	}
}

func (dec *Decoder) ignoreSingle(engine *decEngine) {
	if dec.readUint() != 0 {
		gobFailf("decode: corrupted data: non-zero delta for singleton")
	}
	in := &engine.instr[0]
	in.op(dec, in, reflect.Value{})
}

// decodeValue decodes a value of remote type wireId into v (discarding it
// if v is invalid).
func (dec *Decoder) decodeValue(wireId typeId, v reflect.Value) {
	defer gobCatch(&dec.err)
	if !v.IsValid() {
		dec.decodeIgnoredValue(wireId)
		return
	}
	ut := mustUserType(v.Type())
	var p **decEngine
	p, dec.err = dec.getDecEnginePtr(wireId, ut)
	if dec.err != nil {
		return
	}
	v = decAlloc(v)
	engine := *p
	if st := ut.base; st.Kind() == reflect.Struct && ut.extDec == 0 {
		wt := dec.wire[wireId]
		if engine.numInstr == 0 && st.NumField() > 0 && wt != nil && len(wt.StructT.Field) > 0 {
			gobFailf("type mismatch: no fields matched compiling decoder for %s", ut.base.Name())
		}
		dec.decodeStruct(engine, v)
	} else {
		dec.decodeSingle(engine, v)
	}
}

func (dec *Decoder) decodeIgnoredValue(wireId typeId) {
	var p **decEngine
	p, dec.err = dec.getIgnoreEnginePtr(wireId)
	if dec.err != nil {
		return
	}
	if w := dec.wire[wireId]; w != nil && w.StructT != nil {
		dec.ignoreStruct(*p)
	} else {
		dec.ignoreSingle(*p)
	}
}
