// Value methods of Go 1.25 and later (TypeAssert, Fields, Methods), and
// the three-index slice and SetCap.
package reflect

import "iter"

// TypeAssert is semantically equivalent to v.Interface().(T), without
// Interface's panics for a method value.
func TypeAssert[T any](v Value) (T, bool) {
	if v.typ == 0 {
		panic(&ValueError{"reflect.TypeAssert", Invalid})
	}
	if v.flag&flagRO != 0 {
		panic("reflect.TypeAssert: cannot return value obtained from unexported field or method")
	}
	if v.flag&flagMethod != 0 {
		v = methodValueFunc(v)
	}
	x, ok := pack(v.t(), v.word()).(T)
	return x, ok
}

// Fields returns an iterator over each StructField of v along with its
// Value.
func (v Value) Fields() iter.Seq2[StructField, Value] {
	t := v.Type()
	if t.Kind() != Struct {
		panic("reflect: Fields of non-struct type " + t.String())
	}
	return func(yield func(StructField, Value) bool) {
		for i := range v.NumField() {
			if !yield(t.Field(i), v.Field(i)) {
				return
			}
		}
	}
}

// Methods returns an iterator over each Method of v along with the
// method's Value (bound to v).
func (v Value) Methods() iter.Seq2[Method, Value] {
	t := v.Type()
	n := v.NumMethod()
	return func(yield func(Method, Value) bool) {
		for i := range n {
			if !yield(t.Method(i), v.Method(i)) {
				return
			}
		}
	}
}

// sliceable is v's slice type, words and capacity for Slice and Slice3:
// a slice, or an addressable array (sliced in place).
func (v Value) sliceable(method string) (st int, h uintptr, cap int) {
	switch v.Kind() {
	case Slice:
		return v.t(), v.word(), v.Cap()
	case Array:
		if v.flag&flagAddr == 0 {
			panic(method + ": slice of unaddressable array")
		}
		return SliceOf(rtype{typeElem(v.t())}).common(), v.word(), typeLen(v.t())
	}
	panic(&ValueError{method, v.Kind()})
}

// Slice3 is the 3-index form of the slice operation: it returns v[i:j:k].
func (v Value) Slice3(i, j, k int) Value {
	st, h, cap := v.sliceable("reflect.Value.Slice3")
	if i < 0 || j < i || k < j || k > cap {
		panic("reflect.Value.Slice3: slice index out of bounds")
	}
	return Value{typ: st + 1, ptr: slice3Of(h, i, j, k), flag: v.flag & flagRO}
}

// SetCap sets v's capacity to n.
func (v Value) SetCap(n int) {
	v.mustBeAssignable("reflect.Value.SetCap")
	v.mustBe(Slice, "reflect.Value.SetCap")
	l := v.Len()
	if n < l || n > v.Cap() {
		panic("reflect: slice capacity out of range in SetCap")
	}
	store(v.t(), v.ptr, slice3Of(v.word(), 0, l, n))
}

func slice3Of(h uintptr, i, j, k int) uintptr
