package gob

import (
	"math"
	"reflect"
)

// Fast paths for slices and arrays of the predeclared basic types, as Go
// has: the elements are read and written without reflect, and decoding
// errors name the element type as Go's do.

// fastKinds are the element kinds with a fast path.
var fastKinds = map[reflect.Kind]bool{
	reflect.Bool: true, reflect.Int: true, reflect.Int8: true, reflect.Int16: true,
	reflect.Int32: true, reflect.Int64: true, reflect.Uint: true, reflect.Uint16: true,
	reflect.Uint32: true, reflect.Uint64: true, reflect.Uintptr: true, reflect.Float32: true,
	reflect.Float64: true, reflect.Complex64: true, reflect.Complex128: true, reflect.String: true,
}

// fastElem reports whether a slice or array of et may take a fast path.
func fastElem(et reflect.Type) bool {
	k := et.Kind()
	return fastKinds[k] && et.PkgPath() == "" && et.Name() == k.String()
}

// fastSlice returns v (a slice or array) as a plain slice value sharing
// its elements, or an invalid Value when there is none.
func fastSlice(v reflect.Value) reflect.Value {
	if v.Kind() == reflect.Array {
		if !v.CanAddr() {
			return reflect.Value{}
		}
		return v.Slice(0, v.Len())
	}
	return v
}

// encodeFast writes the elements of x, a slice of a basic type; false if
// x has no fast path.
func (st *encState) encodeFast(x any) bool {
	switch s := x.(type) {
	case []bool:
		for _, e := range s {
			if e {
				st.putUint(1)
			} else {
				st.putUint(0)
			}
		}
	case []int:
		for _, e := range s {
			st.putInt(int64(e))
		}
	case []int8:
		for _, e := range s {
			st.putInt(int64(e))
		}
	case []int16:
		for _, e := range s {
			st.putInt(int64(e))
		}
	case []int32:
		for _, e := range s {
			st.putInt(int64(e))
		}
	case []int64:
		for _, e := range s {
			st.putInt(e)
		}
	case []uint:
		for _, e := range s {
			st.putUint(uint64(e))
		}
	case []uint16:
		for _, e := range s {
			st.putUint(uint64(e))
		}
	case []uint32:
		for _, e := range s {
			st.putUint(uint64(e))
		}
	case []uint64:
		for _, e := range s {
			st.putUint(e)
		}
	case []uintptr:
		for _, e := range s {
			st.putUint(uint64(e))
		}
	case []float32:
		for _, e := range s {
			st.putUint(swapFloat(float64(e)))
		}
	case []float64:
		for _, e := range s {
			st.putUint(swapFloat(e))
		}
	case []complex64:
		for _, e := range s {
			st.putUint(swapFloat(float64(real(e))))
			st.putUint(swapFloat(float64(imag(e))))
		}
	case []complex128:
		for _, e := range s {
			st.putUint(swapFloat(real(e)))
			st.putUint(swapFloat(imag(e)))
		}
	case []string:
		for _, e := range s {
			st.putUint(uint64(len(e)))
			st.b.data = append(st.b.data, e...)
		}
	default:
		return false
	}
	return true
}

// decodeFast reads n elements into x, a slice of a basic type holding at
// least n elements; false if x has no fast path.
func (dec *Decoder) decodeFast(x any, n int, ovfl error) bool {
	var name string
	more := func(i int) {
		if dec.buf.Len() == 0 {
			gobFailf("decoding %s array or slice: length exceeds input size (%d elements)", name, n)
		}
	}
	readInt := func(i int, min, max int64) int64 {
		more(i)
		v := dec.readInt()
		if v < min || max < v {
			gobFail(ovfl)
		}
		return v
	}
	readUint := func(i int, max uint64) uint64 {
		more(i)
		v := dec.readUint()
		if max < v {
			gobFail(ovfl)
		}
		return v
	}
	switch s := x.(type) {
	case []bool:
		name = "bool"
		for i := 0; i < n; i++ {
			more(i)
			s[i] = dec.readUint() != 0
		}
	case []int:
		name = "int"
		for i := 0; i < n; i++ {
			s[i] = int(readInt(i, math.MinInt64, math.MaxInt64))
		}
	case []int8:
		name = "int8"
		for i := 0; i < n; i++ {
			s[i] = int8(readInt(i, math.MinInt8, math.MaxInt8))
		}
	case []int16:
		name = "int16"
		for i := 0; i < n; i++ {
			s[i] = int16(readInt(i, math.MinInt16, math.MaxInt16))
		}
	case []int32:
		name = "int32"
		for i := 0; i < n; i++ {
			s[i] = int32(readInt(i, math.MinInt32, math.MaxInt32))
		}
	case []int64:
		name = "int64"
		for i := 0; i < n; i++ {
			s[i] = readInt(i, math.MinInt64, math.MaxInt64)
		}
	case []uint:
		name = "uint"
		for i := 0; i < n; i++ {
			s[i] = uint(readUint(i, math.MaxUint64))
		}
	case []uint16:
		name = "uint16"
		for i := 0; i < n; i++ {
			s[i] = uint16(readUint(i, math.MaxUint16))
		}
	case []uint32:
		name = "uint32"
		for i := 0; i < n; i++ {
			s[i] = uint32(readUint(i, math.MaxUint32))
		}
	case []uint64:
		name = "uint64"
		for i := 0; i < n; i++ {
			s[i] = readUint(i, math.MaxUint64)
		}
	case []uintptr:
		name = "uintptr"
		for i := 0; i < n; i++ {
			s[i] = uintptr(readUint(i, math.MaxUint64))
		}
	case []float32:
		name = "float32"
		for i := 0; i < n; i++ {
			more(i)
			s[i] = float32(float32FromBits(dec.readUint(), ovfl))
		}
	case []float64:
		name = "float64"
		for i := 0; i < n; i++ {
			more(i)
			s[i] = floatFromBits(dec.readUint())
		}
	case []complex64:
		name = "complex64"
		for i := 0; i < n; i++ {
			more(i)
			re := float32FromBits(dec.readUint(), ovfl)
			im := float32FromBits(dec.readUint(), ovfl)
			s[i] = complex(float32(re), float32(im))
		}
	case []complex128:
		name = "complex128"
		for i := 0; i < n; i++ {
			more(i)
			re := floatFromBits(dec.readUint())
			im := floatFromBits(dec.readUint())
			s[i] = complex(re, im)
		}
	case []string:
		name = "string"
		for i := 0; i < n; i++ {
			more(i)
			u := dec.readUint()
			m := int(u)
			if m < 0 || uint64(m) != u || m > dec.buf.Len() {
				gobFailf("length of string exceeds input size (%d bytes)", u)
			}
			s[i] = string(dec.buf.rest()[:m])
			dec.buf.drop(m)
		}
	default:
		return false
	}
	return true
}
