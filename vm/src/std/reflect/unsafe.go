// reflect's unsafe side, as far as minigo's unsafe.Pointer goes (see
// vm/src/std/unsafe): a pointer that knows its type and memory, never an
// integer address. The conversions are unsafe's own natives.
package reflect

import "unsafe"

// StringHeader is gc's runtime representation of a string (minigo's
// strings are not laid out so: see docs/packages.md).
//
// Deprecated: Use unsafe.String or unsafe.StringData instead.
type StringHeader struct {
	Data uintptr
	Len  int
}

// SliceHeader is gc's runtime representation of a slice (minigo's slices
// are not laid out so: see docs/packages.md).
//
// Deprecated: Use unsafe.Slice or unsafe.SliceData instead.
type SliceHeader struct {
	Data uintptr
	Len  int
	Cap  int
}

// NewAt returns a Value representing a pointer to a value of the
// specified type, using p as that pointer.
func NewAt(typ Type, p unsafe.Pointer) Value {
	pt := PointerTo(typ).common()
	_, w := unpack(unsafeToPtr(p, pack(pt, 0)))
	return Value{typ: pt + 1, ptr: w}
}

// SliceAt returns a Value representing a slice whose underlying data
// starts at p, with length and capacity equal to n (as unsafe.Slice).
func SliceAt(typ Type, p unsafe.Pointer, n int) Value {
	pt := PointerTo(typ).common()
	st := SliceOf(typ).common()
	tp := unsafeToPtr(p, pack(pt, 0))
	_, w := unpack(unsafeSlice(tp, n, pack(st, 0)))
	return Value{typ: st + 1, ptr: w}
}

// UnsafePointer returns v's value as an unsafe.Pointer.
func (v Value) UnsafePointer() unsafe.Pointer {
	switch v.Kind() {
	case Pointer:
		return unsafeFromPtr(pack(v.t(), v.word()))
	case UnsafePointer:
		return unsafePointerOfWord(v.word())
	case Slice:
		et := typeElem(v.t())
		pt := typePtrTo(et)
		if pt < 0 || v.word() == 0 {
			return nil
		}
		return unsafeFromPtr(unsafeSliceData(pack(v.t(), v.word()), pack(pt, 0)))
	case String:
		return unsafe.Pointer(unsafe.StringData(stringOfWord(v.word())))
	case Chan, Map, Func:
		if v.flag&flagMethod == 0 && v.word() == 0 {
			return nil
		}
		panic("minigo: reflect.Value.UnsafePointer: minigo cannot point an unsafe.Pointer into a " + v.Kind().String())
	}
	panic(&ValueError{"reflect.Value.UnsafePointer", v.Kind()})
}

// UnsafeAddr returns the address of v's data, as a uintptr (minigo: an
// address for printing and comparing; it cannot become a pointer again).
func (v Value) UnsafeAddr() uintptr {
	if v.typ == 0 {
		panic(&ValueError{"reflect.Value.UnsafeAddr", Invalid})
	}
	if v.flag&flagAddr == 0 {
		panic("reflect.Value.UnsafeAddr of unaddressable value")
	}
	pt := typePtrTo(v.t())
	if pt < 0 {
		panic("reflect: minigo cannot make type *" + typeString(v.t()) + " at run time")
	}
	return uintptr(unsafeFromPtr(pack(pt, v.ptr)))
}

// SetPointer sets the unsafe.Pointer value v to x.
func (v Value) SetPointer(x unsafe.Pointer) {
	v.mustBeAssignable("reflect.Value.SetPointer")
	v.mustBe(UnsafePointer, "reflect.Value.SetPointer")
	store(v.t(), v.ptr, wordOfUnsafePointer(x))
}

// InterfaceData returns the interface v's value as a uintptr pair
// (minigo: the words of its interface object and of its data, not gc's
// type and data pointers; both zero for a nil interface).
//
// Deprecated: The memory representation of interface values is not
// compatible with InterfaceData.
func (v Value) InterfaceData() [2]uintptr {
	v.mustBe(Interface, "reflect.Value.InterfaceData")
	w := v.word()
	_, d := unpackWord(w)
	return [2]uintptr{w, d}
}

// unsafeAddrOfWord is uintptr(p) for the word of an unsafe.Pointer p.
func unsafeAddrOfWord(w uintptr) uintptr { return uintptr(unsafePointerOfWord(w)) }

// unsafe's natives (vm/src/std/unsafe/mod.rs), under reflect's names.
func unsafeToPtr(p unsafe.Pointer, to any) any
func unsafeFromPtr(p any) unsafe.Pointer
func unsafeSlice(p any, n int, to any) any
func unsafeSliceData(s any, to any) any
func unsafePointerOfWord(w uintptr) unsafe.Pointer
func wordOfUnsafePointer(p unsafe.Pointer) uintptr
