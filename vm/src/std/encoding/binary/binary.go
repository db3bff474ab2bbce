// Package encoding/binary as minigo provides it, in Go: the byte orders,
// varints, and Read/Write/Size/Append/Encode/Decode for fixed-size
// values. The unnamed sized types, their pointers and slices take a fast
// path; structs, arrays and named types go through reflect, as Go's do.
package binary

import (
	"errors"
	"io"
	"math"
	"reflect"
)

// A ByteOrder specifies how to convert byte slices into unsigned
// integers.
type ByteOrder interface {
	Uint16([]byte) uint16
	Uint32([]byte) uint32
	Uint64([]byte) uint64
	PutUint16([]byte, uint16)
	PutUint32([]byte, uint32)
	PutUint64([]byte, uint64)
	String() string
}

// AppendByteOrder specifies how to append integers to byte slices.
type AppendByteOrder interface {
	AppendUint16([]byte, uint16) []byte
	AppendUint32([]byte, uint32) []byte
	AppendUint64([]byte, uint64) []byte
	String() string
}

var LittleEndian littleEndian

var BigEndian bigEndian

// NativeEndian is little-endian on the machines minigo runs on.
var NativeEndian nativeEndian

type littleEndian struct{}

func (littleEndian) Uint16(b []byte) uint16 {
	_ = b[1]
	return uint16(b[0]) | uint16(b[1])<<8
}

func (littleEndian) PutUint16(b []byte, v uint16) {
	_ = b[1]
	b[0] = byte(v)
	b[1] = byte(v >> 8)
}

func (littleEndian) AppendUint16(b []byte, v uint16) []byte {
	return append(b, byte(v), byte(v>>8))
}

func (littleEndian) Uint32(b []byte) uint32 {
	_ = b[3]
	return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24
}

func (littleEndian) PutUint32(b []byte, v uint32) {
	_ = b[3]
	b[0] = byte(v)
	b[1] = byte(v >> 8)
	b[2] = byte(v >> 16)
	b[3] = byte(v >> 24)
}

func (littleEndian) AppendUint32(b []byte, v uint32) []byte {
	return append(b, byte(v), byte(v>>8), byte(v>>16), byte(v>>24))
}

func (littleEndian) Uint64(b []byte) uint64 {
	_ = b[7]
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

func (littleEndian) PutUint64(b []byte, v uint64) {
	_ = b[7]
	for i := 0; i < 8; i++ {
		b[i] = byte(v >> (8 * i))
	}
}

func (littleEndian) AppendUint64(b []byte, v uint64) []byte {
	for i := 0; i < 8; i++ {
		b = append(b, byte(v>>(8*i)))
	}
	return b
}

func (littleEndian) String() string   { return "LittleEndian" }
func (littleEndian) GoString() string { return "binary.LittleEndian" }

type bigEndian struct{}

func (bigEndian) Uint16(b []byte) uint16 {
	_ = b[1]
	return uint16(b[1]) | uint16(b[0])<<8
}

func (bigEndian) PutUint16(b []byte, v uint16) {
	_ = b[1]
	b[0] = byte(v >> 8)
	b[1] = byte(v)
}

func (bigEndian) AppendUint16(b []byte, v uint16) []byte {
	return append(b, byte(v>>8), byte(v))
}

func (bigEndian) Uint32(b []byte) uint32 {
	_ = b[3]
	return uint32(b[3]) | uint32(b[2])<<8 | uint32(b[1])<<16 | uint32(b[0])<<24
}

func (bigEndian) PutUint32(b []byte, v uint32) {
	_ = b[3]
	b[0] = byte(v >> 24)
	b[1] = byte(v >> 16)
	b[2] = byte(v >> 8)
	b[3] = byte(v)
}

func (bigEndian) AppendUint32(b []byte, v uint32) []byte {
	return append(b, byte(v>>24), byte(v>>16), byte(v>>8), byte(v))
}

func (bigEndian) Uint64(b []byte) uint64 {
	_ = b[7]
	return uint64(b[7]) | uint64(b[6])<<8 | uint64(b[5])<<16 | uint64(b[4])<<24 |
		uint64(b[3])<<32 | uint64(b[2])<<40 | uint64(b[1])<<48 | uint64(b[0])<<56
}

func (bigEndian) PutUint64(b []byte, v uint64) {
	_ = b[7]
	for i := 0; i < 8; i++ {
		b[i] = byte(v >> (56 - 8*i))
	}
}

func (bigEndian) AppendUint64(b []byte, v uint64) []byte {
	for i := 0; i < 8; i++ {
		b = append(b, byte(v>>(56-8*i)))
	}
	return b
}

func (bigEndian) String() string   { return "BigEndian" }
func (bigEndian) GoString() string { return "binary.BigEndian" }

type nativeEndian struct {
	littleEndian
}

func (nativeEndian) String() string   { return "NativeEndian" }
func (nativeEndian) GoString() string { return "binary.NativeEndian" }

// ----- varints ----------------------------------------------------------

const (
	MaxVarintLen16 = 3
	MaxVarintLen32 = 5
	MaxVarintLen64 = 10
)

var errOverflow = errors.New("binary: varint overflows a 64-bit integer")

func AppendUvarint(buf []byte, x uint64) []byte {
	for x >= 0x80 {
		buf = append(buf, byte(x)|0x80)
		x >>= 7
	}
	return append(buf, byte(x))
}

func PutUvarint(buf []byte, x uint64) int {
	i := 0
	for x >= 0x80 {
		buf[i] = byte(x) | 0x80
		x >>= 7
		i++
	}
	buf[i] = byte(x)
	return i + 1
}

// Uvarint decodes a uint64 from buf: n > 0 bytes read; n == 0 buf too
// small; n < 0 overflow after -n bytes.
func Uvarint(buf []byte) (uint64, int) {
	var x uint64
	var s uint
	for i, b := range buf {
		if i == MaxVarintLen64 {
			return 0, -(i + 1)
		}
		if b < 0x80 {
			if i == MaxVarintLen64-1 && b > 1 {
				return 0, -(i + 1)
			}
			return x | uint64(b)<<s, i + 1
		}
		x |= uint64(b&0x7f) << s
		s += 7
	}
	return 0, 0
}

func AppendVarint(buf []byte, x int64) []byte {
	ux := uint64(x) << 1
	if x < 0 {
		ux = ^ux
	}
	return AppendUvarint(buf, ux)
}

func PutVarint(buf []byte, x int64) int {
	ux := uint64(x) << 1
	if x < 0 {
		ux = ^ux
	}
	return PutUvarint(buf, ux)
}

func Varint(buf []byte) (int64, int) {
	ux, n := Uvarint(buf)
	x := int64(ux >> 1)
	if ux&1 != 0 {
		x = ^x
	}
	return x, n
}

// ReadUvarint reads an encoded unsigned integer from r.
func ReadUvarint(r io.ByteReader) (uint64, error) {
	var x uint64
	var s uint
	for i := 0; i < MaxVarintLen64; i++ {
		b, err := r.ReadByte()
		if err != nil {
			if i > 0 && err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return x, err
		}
		if b < 0x80 {
			if i == MaxVarintLen64-1 && b > 1 {
				return x, errOverflow
			}
			return x | uint64(b)<<s, nil
		}
		x |= uint64(b&0x7f) << s
		s += 7
	}
	return x, errOverflow
}

func ReadVarint(r io.ByteReader) (int64, error) {
	ux, err := ReadUvarint(r)
	x := int64(ux >> 1)
	if ux&1 != 0 {
		x = ^x
	}
	return x, err
}

// ----- Read, Write, Size ------------------------------------------------

// dataSize is the encoded size of data, or -1 for an unsupported type.
func dataSize(data any) int {
	switch d := data.(type) {
	case bool, int8, uint8, *bool, *int8, *uint8:
		return 1
	case int16, uint16, *int16, *uint16:
		return 2
	case int32, uint32, float32, *int32, *uint32, *float32:
		return 4
	case int64, uint64, float64, complex64, *int64, *uint64, *float64, *complex64:
		return 8
	case complex128, *complex128:
		return 16
	case []bool:
		return len(d)
	case []int8:
		return len(d)
	case []uint8:
		return len(d)
	case []int16:
		return 2 * len(d)
	case []uint16:
		return 2 * len(d)
	case []int32:
		return 4 * len(d)
	case []uint32:
		return 4 * len(d)
	case []float32:
		return 4 * len(d)
	case []int64:
		return 8 * len(d)
	case []uint64:
		return 8 * len(d)
	case []float64:
		return 8 * len(d)
	case []complex64:
		return 8 * len(d)
	case []complex128:
		return 16 * len(d)
	}
	return -1
}

// Size returns how many bytes Write would generate to encode v, or -1.
func Size(v any) int {
	if n := dataSize(v); n >= 0 {
		return n
	}
	_, n := writeValue(v)
	return n
}

// invalidType is Go's error for data of no fixed size.
func invalidType(op string, data any) error {
	// As Go's: nil data panics here (a nil reflect.Type).
	name := reflect.TypeOf(data).String()
	if op == "Read" || op == "Decode" {
		return errors.New("binary." + op + ": invalid type " + name)
	}
	return errors.New("binary." + op + ": some values are not fixed-sized in type " + name)
}

// reflectSize is the encoded size of v (a slice's elements, or one
// value of a fixed-size type: bools, sized numbers, and arrays and
// structs of them), or -1.
func reflectSize(v reflect.Value) int {
	if v.Kind() == reflect.Slice {
		if s := typeSize(v.Type().Elem()); s >= 0 {
			return s * v.Len()
		}
		return -1
	}
	return typeSize(v.Type())
}

func typeSize(t reflect.Type) int {
	switch t.Kind() {
	case reflect.Array:
		if s := typeSize(t.Elem()); s >= 0 {
			return s * t.Len()
		}
	case reflect.Struct:
		sum := 0
		for i := 0; i < t.NumField(); i++ {
			s := typeSize(t.Field(i).Type)
			if s < 0 {
				return -1
			}
			sum += s
		}
		return sum
	case reflect.Bool, reflect.Int8, reflect.Uint8:
		return 1
	case reflect.Int16, reflect.Uint16:
		return 2
	case reflect.Int32, reflect.Uint32, reflect.Float32:
		return 4
	case reflect.Int64, reflect.Uint64, reflect.Float64, reflect.Complex64:
		return 8
	case reflect.Complex128:
		return 16
	}
	return -1
}

// coder walks a value for the reflect path, reading or writing buf.
type coder struct {
	order ByteOrder
	buf   []byte
	off   int
}

func (c *coder) next(n int) []byte {
	b := c.buf[c.off : c.off+n]
	c.off += n
	return b
}

// encode writes v; a blank (_) struct field is written as zeros.
func (c *coder) encode(v reflect.Value) {
	switch v.Kind() {
	case reflect.Array, reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			c.encode(v.Index(i))
		}
	case reflect.Struct:
		t := v.Type()
		for i := 0; i < v.NumField(); i++ {
			if t.Field(i).Name == "_" {
				c.off += typeSize(t.Field(i).Type)
				continue
			}
			c.encode(v.Field(i))
		}
	case reflect.Bool:
		c.next(1)[0] = boolByte(v.Bool())
	case reflect.Int8:
		c.next(1)[0] = byte(v.Int())
	case reflect.Uint8:
		c.next(1)[0] = byte(v.Uint())
	case reflect.Int16:
		c.order.PutUint16(c.next(2), uint16(v.Int()))
	case reflect.Uint16:
		c.order.PutUint16(c.next(2), uint16(v.Uint()))
	case reflect.Int32:
		c.order.PutUint32(c.next(4), uint32(v.Int()))
	case reflect.Uint32:
		c.order.PutUint32(c.next(4), uint32(v.Uint()))
	case reflect.Int64:
		c.order.PutUint64(c.next(8), uint64(v.Int()))
	case reflect.Uint64:
		c.order.PutUint64(c.next(8), v.Uint())
	case reflect.Float32:
		c.order.PutUint32(c.next(4), math.Float32bits(float32(v.Float())))
	case reflect.Float64:
		c.order.PutUint64(c.next(8), math.Float64bits(v.Float()))
	case reflect.Complex64:
		x := v.Complex()
		c.order.PutUint32(c.next(4), math.Float32bits(float32(real(x))))
		c.order.PutUint32(c.next(4), math.Float32bits(float32(imag(x))))
	case reflect.Complex128:
		x := v.Complex()
		c.order.PutUint64(c.next(8), math.Float64bits(real(x)))
		c.order.PutUint64(c.next(8), math.Float64bits(imag(x)))
	}
}

// decode fills v; blank (_) struct fields are skipped, as in Go.
func (c *coder) decode(v reflect.Value) {
	switch v.Kind() {
	case reflect.Array, reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			c.decode(v.Index(i))
		}
	case reflect.Struct:
		t := v.Type()
		for i := 0; i < v.NumField(); i++ {
			if f := v.Field(i); f.CanSet() || t.Field(i).Name != "_" {
				c.decode(f)
			} else {
				c.off += typeSize(t.Field(i).Type)
			}
		}
	case reflect.Bool:
		v.SetBool(c.next(1)[0] != 0)
	case reflect.Int8:
		v.SetInt(int64(int8(c.next(1)[0])))
	case reflect.Uint8:
		v.SetUint(uint64(c.next(1)[0]))
	case reflect.Int16:
		v.SetInt(int64(int16(c.order.Uint16(c.next(2)))))
	case reflect.Uint16:
		v.SetUint(uint64(c.order.Uint16(c.next(2))))
	case reflect.Int32:
		v.SetInt(int64(int32(c.order.Uint32(c.next(4)))))
	case reflect.Uint32:
		v.SetUint(uint64(c.order.Uint32(c.next(4))))
	case reflect.Int64:
		v.SetInt(int64(c.order.Uint64(c.next(8))))
	case reflect.Uint64:
		v.SetUint(c.order.Uint64(c.next(8)))
	case reflect.Float32:
		v.SetFloat(float64(math.Float32frombits(c.order.Uint32(c.next(4)))))
	case reflect.Float64:
		v.SetFloat(math.Float64frombits(c.order.Uint64(c.next(8))))
	case reflect.Complex64:
		re := math.Float32frombits(c.order.Uint32(c.next(4)))
		im := math.Float32frombits(c.order.Uint32(c.next(4)))
		v.SetComplex(complex(float64(re), float64(im)))
	case reflect.Complex128:
		re := math.Float64frombits(c.order.Uint64(c.next(8)))
		im := math.Float64frombits(c.order.Uint64(c.next(8)))
		v.SetComplex(complex(re, im))
	}
}

// writeValue is data's value for encoding (through a pointer), and its
// size, -1 when it has no fixed size.
func writeValue(data any) (reflect.Value, int) {
	v := reflect.Indirect(reflect.ValueOf(data))
	if !v.IsValid() {
		return v, -1
	}
	return v, reflectSize(v)
}

// readValue is the value data (a pointer or a slice) lets decoding
// fill, and its size, -1 when it cannot.
func readValue(data any) (reflect.Value, int) {
	v := reflect.ValueOf(data)
	switch v.Kind() {
	case reflect.Pointer:
		v = v.Elem()
		return v, reflectSize(v)
	case reflect.Slice:
		return v, reflectSize(v)
	}
	return v, -1
}

// encodeFast appends data's encoding to bs (which has room).
func encodeFast(bs []byte, order ByteOrder, data any) {
	switch v := data.(type) {
	case *bool:
		bs[0] = boolByte(*v)
	case bool:
		bs[0] = boolByte(v)
	case []bool:
		for i, x := range v {
			bs[i] = boolByte(x)
		}
	case *int8:
		bs[0] = byte(*v)
	case int8:
		bs[0] = byte(v)
	case []int8:
		for i, x := range v {
			bs[i] = byte(x)
		}
	case *uint8:
		bs[0] = *v
	case uint8:
		bs[0] = v
	case []uint8:
		copy(bs, v)
	case *int16:
		order.PutUint16(bs, uint16(*v))
	case int16:
		order.PutUint16(bs, uint16(v))
	case []int16:
		for i, x := range v {
			order.PutUint16(bs[2*i:], uint16(x))
		}
	case *uint16:
		order.PutUint16(bs, *v)
	case uint16:
		order.PutUint16(bs, v)
	case []uint16:
		for i, x := range v {
			order.PutUint16(bs[2*i:], x)
		}
	case *int32:
		order.PutUint32(bs, uint32(*v))
	case int32:
		order.PutUint32(bs, uint32(v))
	case []int32:
		for i, x := range v {
			order.PutUint32(bs[4*i:], uint32(x))
		}
	case *uint32:
		order.PutUint32(bs, *v)
	case uint32:
		order.PutUint32(bs, v)
	case []uint32:
		for i, x := range v {
			order.PutUint32(bs[4*i:], x)
		}
	case *int64:
		order.PutUint64(bs, uint64(*v))
	case int64:
		order.PutUint64(bs, uint64(v))
	case []int64:
		for i, x := range v {
			order.PutUint64(bs[8*i:], uint64(x))
		}
	case *uint64:
		order.PutUint64(bs, *v)
	case uint64:
		order.PutUint64(bs, v)
	case []uint64:
		for i, x := range v {
			order.PutUint64(bs[8*i:], x)
		}
	case *float32:
		order.PutUint32(bs, math.Float32bits(*v))
	case float32:
		order.PutUint32(bs, math.Float32bits(v))
	case []float32:
		for i, x := range v {
			order.PutUint32(bs[4*i:], math.Float32bits(x))
		}
	case *float64:
		order.PutUint64(bs, math.Float64bits(*v))
	case float64:
		order.PutUint64(bs, math.Float64bits(v))
	case []float64:
		for i, x := range v {
			order.PutUint64(bs[8*i:], math.Float64bits(x))
		}
	case *complex64:
		putComplex64(bs, order, *v)
	case complex64:
		putComplex64(bs, order, v)
	case []complex64:
		for i, x := range v {
			putComplex64(bs[8*i:], order, x)
		}
	case *complex128:
		putComplex128(bs, order, *v)
	case complex128:
		putComplex128(bs, order, v)
	case []complex128:
		for i, x := range v {
			putComplex128(bs[16*i:], order, x)
		}
	}
}

func boolByte(b bool) byte {
	if b {
		return 1
	}
	return 0
}

func putComplex64(bs []byte, order ByteOrder, c complex64) {
	order.PutUint32(bs, math.Float32bits(real(c)))
	order.PutUint32(bs[4:], math.Float32bits(imag(c)))
}

func putComplex128(bs []byte, order ByteOrder, c complex128) {
	order.PutUint64(bs, math.Float64bits(real(c)))
	order.PutUint64(bs[8:], math.Float64bits(imag(c)))
}

// decodeFast stores bs's decoding into data (a pointer or a slice);
// false for a type it cannot hold.
func decodeFast(bs []byte, order ByteOrder, data any) bool {
	switch v := data.(type) {
	case *bool:
		*v = bs[0] != 0
	case []bool:
		for i := range v {
			v[i] = bs[i] != 0
		}
	case *int8:
		*v = int8(bs[0])
	case []int8:
		for i := range v {
			v[i] = int8(bs[i])
		}
	case *uint8:
		*v = bs[0]
	case []uint8:
		copy(v, bs)
	case *int16:
		*v = int16(order.Uint16(bs))
	case []int16:
		for i := range v {
			v[i] = int16(order.Uint16(bs[2*i:]))
		}
	case *uint16:
		*v = order.Uint16(bs)
	case []uint16:
		for i := range v {
			v[i] = order.Uint16(bs[2*i:])
		}
	case *int32:
		*v = int32(order.Uint32(bs))
	case []int32:
		for i := range v {
			v[i] = int32(order.Uint32(bs[4*i:]))
		}
	case *uint32:
		*v = order.Uint32(bs)
	case []uint32:
		for i := range v {
			v[i] = order.Uint32(bs[4*i:])
		}
	case *int64:
		*v = int64(order.Uint64(bs))
	case []int64:
		for i := range v {
			v[i] = int64(order.Uint64(bs[8*i:]))
		}
	case *uint64:
		*v = order.Uint64(bs)
	case []uint64:
		for i := range v {
			v[i] = order.Uint64(bs[8*i:])
		}
	case *float32:
		*v = math.Float32frombits(order.Uint32(bs))
	case []float32:
		for i := range v {
			v[i] = math.Float32frombits(order.Uint32(bs[4*i:]))
		}
	case *float64:
		*v = math.Float64frombits(order.Uint64(bs))
	case []float64:
		for i := range v {
			v[i] = math.Float64frombits(order.Uint64(bs[8*i:]))
		}
	case *complex64:
		*v = complex(math.Float32frombits(order.Uint32(bs)), math.Float32frombits(order.Uint32(bs[4:])))
	case []complex64:
		for i := range v {
			v[i] = complex(math.Float32frombits(order.Uint32(bs[8*i:])), math.Float32frombits(order.Uint32(bs[8*i+4:])))
		}
	case *complex128:
		*v = complex(math.Float64frombits(order.Uint64(bs)), math.Float64frombits(order.Uint64(bs[8:])))
	case []complex128:
		for i := range v {
			v[i] = complex(math.Float64frombits(order.Uint64(bs[16*i:])), math.Float64frombits(order.Uint64(bs[16*i+8:])))
		}
	default:
		return false
	}
	return true
}

func isValue(data any) bool {
	switch data.(type) {
	case bool, int8, uint8, int16, uint16, int32, uint32, int64, uint64, float32, float64, complex64, complex128:
		return true
	}
	return false
}

// Read reads structured binary data from r into data, a pointer to a
// fixed-size value or a slice of them.
func Read(r io.Reader, order ByteOrder, data any) error {
	n := dataSize(data)
	if n < 0 {
		v, size := readValue(data)
		if size < 0 {
			return invalidType("Read", data)
		}
		bs := make([]byte, size)
		if _, err := io.ReadFull(r, bs); err != nil {
			return err
		}
		(&coder{order: order, buf: bs}).decode(v)
		return nil
	}
	// As Go's: the bytes are read before a value (not a pointer) is
	// found unable to hold them.
	bs := make([]byte, n)
	if _, err := io.ReadFull(r, bs); err != nil {
		return err
	}
	if isValue(data) {
		return invalidType("Read", data)
	}
	decodeFast(bs, order, data)
	return nil
}

// Write writes the binary representation of data into w.
func Write(w io.Writer, order ByteOrder, data any) error {
	bs, err := encodeAll("Write", order, data)
	if err != nil {
		return err
	}
	_, err = w.Write(bs)
	return err
}

var errBufferTooSmall = errors.New("buffer too small")

// Encode encodes data into buf; it returns the bytes written.
func Encode(buf []byte, order ByteOrder, data any) (int, error) {
	n := Size(data)
	if n < 0 {
		return 0, invalidType("Encode", data)
	}
	if len(buf) < n {
		return 0, errBufferTooSmall
	}
	bs, _ := encodeAll("Encode", order, data)
	return copy(buf, bs), nil
}

// encodeAll is data's encoding, by the fast path or through reflect.
func encodeAll(op string, order ByteOrder, data any) ([]byte, error) {
	if n := dataSize(data); n >= 0 {
		bs := make([]byte, n)
		encodeFast(bs, order, data)
		return bs, nil
	}
	v, size := writeValue(data)
	if size < 0 {
		return nil, invalidType(op, data)
	}
	bs := make([]byte, size)
	(&coder{order: order, buf: bs}).encode(v)
	return bs, nil
}

// Append appends the binary representation of data to buf.
func Append(buf []byte, order ByteOrder, data any) ([]byte, error) {
	bs, err := encodeAll("Append", order, data)
	if err != nil {
		return nil, err
	}
	return append(buf, bs...), nil
}

// Decode decodes buf into data; it returns the bytes consumed.
func Decode(buf []byte, order ByteOrder, data any) (int, error) {
	n := dataSize(data)
	if n < 0 {
		v, size := readValue(data)
		if size < 0 {
			return 0, invalidType("Decode", data)
		}
		if len(buf) < size {
			return 0, errBufferTooSmall
		}
		(&coder{order: order, buf: buf}).decode(v)
		return size, nil
	}
	if isValue(data) {
		return 0, invalidType("Decode", data)
	}
	if len(buf) < n {
		return 0, errBufferTooSmall
	}
	decodeFast(buf, order, data)
	return n, nil
}
