// Conversions (Value.Convert, CanConvert), the Can*/Overflow predicates,
// Clear, the iterators Seq and Seq2, VisibleFields and the MapIter
// setters: Go's reflect API over the natives of reflect.go.

package reflect

import "iter"

func sliceToArray(s int, w uintptr, n int, copy bool) uintptr

// convWord is w as a value of type t stores it (narrow integers wrapped,
// float32 and complex64 rounded).
func convWord(t int, w uintptr) uintptr {
	p := newAt(t)
	store(t, p, w)
	return load(t, p)
}

func isIntKind(k Kind) bool   { return k >= Int && k <= Int64 }
func isUintKind(k Kind) bool  { return k >= Uint && k <= Uintptr }
func isFloatKind(k Kind) bool { return k == Float32 || k == Float64 }

// Convert returns v converted to type t, as the conversion T(v) would;
// it panics as Go's does when Go does not allow that conversion.
func (v Value) Convert(t Type) Value {
	if v.flag&flagMethod != 0 {
		v = methodValueFunc(v)
	}
	vt := v.Type()
	if !vt.ConvertibleTo(t) {
		panic("reflect.Value.Convert: value of type " + vt.String() + " cannot be converted to type " + t.String())
	}
	tt := t.common()
	fl := v.flag & flagRO
	sk, dk := vt.Kind(), t.Kind()
	out := func(w uintptr) Value { return Value{typ: tt + 1, ptr: w, flag: fl} }
	switch {
	case dk == Interface:
		if sk == Interface {
			if v.IsNil() {
				return out(zeroOf(tt))
			}
			return v.Elem().Convert(t)
		}
		return out(wordOfIface(pack(v.t(), v.word())))
	case isIntKind(sk) && (isIntKind(dk) || isUintKind(dk)):
		return out(convWord(tt, uintptr(v.Int())))
	case isUintKind(sk) && (isIntKind(dk) || isUintKind(dk)):
		return out(convWord(tt, uintptr(v.Uint())))
	case isIntKind(sk) && isFloatKind(dk):
		return out(convWord(tt, wordOfFloat(float64(v.Int()))))
	case isUintKind(sk) && isFloatKind(dk):
		return out(convWord(tt, wordOfFloat(float64(v.Uint()))))
	case isFloatKind(sk) && isIntKind(dk):
		return out(convWord(tt, uintptr(int64(v.Float()))))
	case isFloatKind(sk) && isUintKind(dk):
		return out(convWord(tt, uintptr(uint64(v.Float()))))
	case isFloatKind(sk) && isFloatKind(dk):
		return out(convWord(tt, wordOfFloat(v.Float())))
	case (sk == Complex64 || sk == Complex128) && (dk == Complex64 || dk == Complex128):
		c := v.Complex()
		return out(convWord(tt, newComplex(real(c), imag(c))))
	case dk == String && isIntKind(sk):
		s := "\uFFFD"
		if x := v.Int(); int64(rune(x)) == x {
			s = string(rune(x))
		}
		return out(wordOfString(s))
	case dk == String && isUintKind(sk):
		s := "\uFFFD"
		if x := v.Uint(); uint64(rune(x)) == x {
			s = string(rune(x))
		}
		return out(wordOfString(s))
	case dk == String && sk == Slice:
		if vt.Elem().Kind() == Uint8 {
			return out(wordOfString(string(v.Bytes())))
		}
		rs := make([]rune, v.Len())
		for i := range rs {
			rs[i] = rune(v.Index(i).Int())
		}
		return out(wordOfString(string(rs)))
	case sk == String && dk == Slice:
		if t.Elem().Kind() == Uint8 {
			return out(wordOfBytes([]byte(v.String())))
		}
		rs := []rune(v.String())
		et := t.Elem().common()
		h := makeSlice(tt, len(rs), len(rs))
		for i, r := range rs {
			store(et, index(tt, h, i, true), uintptr(r))
		}
		return out(h)
	case sk == Slice && (dk == Array || dk == Pointer):
		n, what := 0, " to array with length "
		if dk == Array {
			n = t.Len()
		} else {
			n, what = t.Elem().Len(), " to pointer to array with length "
		}
		if v.Len() < n {
			panic("reflect: cannot convert slice with length " + itoa(v.Len()) + what + itoa(n))
		}
		return out(sliceToArray(v.t(), v.word(), n, dk == Array))
	}
	// Identical underlying types (or pointers to them): the same value,
	// copied when it is a struct or an array so that it does not share
	// v's storage.
	w := v.word()
	if dk == Struct || dk == Array {
		_, w = unpack(pack(v.t(), w))
	}
	return out(w)
}

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// CanConvert reports whether v.Convert(t) would succeed (without
// panicking).
func (v Value) CanConvert(t Type) bool {
	vt := v.Type()
	if !vt.ConvertibleTo(t) {
		return false
	}
	switch {
	case vt.Kind() == Slice && t.Kind() == Array:
		return t.Len() <= v.Len()
	case vt.Kind() == Slice && t.Kind() == Pointer && t.Elem().Kind() == Array:
		return t.Elem().Len() <= v.Len()
	}
	return true
}

// CanInt reports whether Int can be used without panicking.
func (v Value) CanInt() bool { return isIntKind(v.Kind()) }

// CanUint reports whether Uint can be used without panicking.
func (v Value) CanUint() bool { return isUintKind(v.Kind()) }

// CanFloat reports whether Float can be used without panicking.
func (v Value) CanFloat() bool { return isFloatKind(v.Kind()) }

// CanComplex reports whether Complex can be used without panicking.
func (v Value) CanComplex() bool {
	k := v.Kind()
	return k == Complex64 || k == Complex128
}

// OverflowComplex reports whether x cannot be represented by v's type.
func (v Value) OverflowComplex(x complex128) bool {
	switch v.Kind() {
	case Complex64:
		return overflowFloat32(real(x)) || overflowFloat32(imag(x))
	case Complex128:
		return false
	}
	panic(&ValueError{"reflect.Value.OverflowComplex", v.Kind()})
}

func overflowFloat32(x float64) bool {
	if x < 0 {
		x = -x
	}
	return 3.40282346638528859811704183484516925440e+38 < x && x <= 1.79769313486231570814527423731704356798070e+308
}

// Clear clears the contents of a map or zeros the contents of a slice.
func (v Value) Clear() {
	// As Go's, Clear needs no settable Value: a slice's or map's elements
	// are reached through it whatever flags the Value carries.
	switch v.Kind() {
	case Slice:
		et := typeElem(v.t())
		for i := 0; i < v.Len(); i++ {
			store(et, index(v.t(), v.word(), i, true), zeroOf(et))
		}
	case Map:
		mapClear(v.word())
	default:
		panic(&ValueError{"reflect.Value.Clear", v.Kind()})
	}
}

// Seq returns an iter.Seq[Value] that loops over the elements of v as a
// for/range loop would: the integers below an integer, the indices of an
// array, slice or string (a string's rune indices), a map's keys.
func (v Value) Seq() iter.Seq[Value] {
	if canRangeFunc(v, 1) {
		return func(yield func(Value) bool) {
			rf := MakeFunc(v.Type().In(0), func(in []Value) []Value {
				return []Value{ValueOf(yield(in[0]))}
			})
			v.Call([]Value{rf})
		}
	}
	switch {
	case isIntKind(v.Kind()) || isUintKind(v.Kind()):
		return func(yield func(Value) bool) {
			t := v.Type()
			n := v.loopBound()
			for i := uint64(0); i < n; i++ {
				if !yield(ValueOf(i).Convert(t)) {
					return
				}
			}
		}
	}
	switch v.Kind() {
	case Pointer:
		if v.Type().Elem().Kind() != Array {
			break
		}
		return func(yield func(Value) bool) {
			for i := 0; i < v.Type().Elem().Len(); i++ {
				if !yield(ValueOf(i)) {
					return
				}
			}
		}
	case Array, Slice:
		return func(yield func(Value) bool) {
			for i := 0; i < v.Len(); i++ {
				if !yield(ValueOf(i)) {
					return
				}
			}
		}
	case String:
		return func(yield func(Value) bool) {
			for i := range v.String() {
				if !yield(ValueOf(i)) {
					return
				}
			}
		}
	case Map:
		return func(yield func(Value) bool) {
			it := v.MapRange()
			for it.Next() {
				if !yield(it.Key()) {
					return
				}
			}
		}
	case Chan:
		return func(yield func(Value) bool) {
			for x, ok := v.Recv(); ok; x, ok = v.Recv() {
				if !yield(x) {
					return
				}
			}
		}
	}
	panic("reflect: " + v.Type().String() + " cannot produce iter.Seq[Value]")
}

// loopBound is v's integer value as a loop bound (negative is 0).
func (v Value) loopBound() uint64 {
	if isIntKind(v.Kind()) {
		if x := v.Int(); x > 0 {
			return uint64(x)
		}
		return 0
	}
	return v.Uint()
}

// Seq2 returns an iter.Seq2[Value, Value] that loops over the elements
// of v as a for/range loop would: index and element of an array, slice or
// pointer to array, rune index and rune of a string, key and value of a
// map.
func (v Value) Seq2() iter.Seq2[Value, Value] {
	if canRangeFunc(v, 2) {
		return func(yield func(Value, Value) bool) {
			rf := MakeFunc(v.Type().In(0), func(in []Value) []Value {
				return []Value{ValueOf(yield(in[0], in[1]))}
			})
			v.Call([]Value{rf})
		}
	}
	switch v.Kind() {
	case Pointer:
		if v.Type().Elem().Kind() != Array {
			break
		}
		return func(yield func(Value, Value) bool) {
			a := v.Elem()
			for i := 0; i < a.Len(); i++ {
				if !yield(ValueOf(i), a.Index(i)) {
					return
				}
			}
		}
	case Array, Slice:
		return func(yield func(Value, Value) bool) {
			for i := 0; i < v.Len(); i++ {
				if !yield(ValueOf(i), v.Index(i)) {
					return
				}
			}
		}
	case String:
		return func(yield func(Value, Value) bool) {
			for i, r := range v.String() {
				if !yield(ValueOf(i), ValueOf(r)) {
					return
				}
			}
		}
	case Map:
		return func(yield func(Value, Value) bool) {
			it := v.MapRange()
			for it.Next() {
				if !yield(it.Key(), it.Value()) {
					return
				}
			}
		}
	}
	panic("reflect: " + v.Type().String() + " cannot produce iter.Seq2[Value, Value]")
}

// SetIterKey assigns to v the key of iter's current map entry.
func (v Value) SetIterKey(iter *MapIter) {
	v.Set(iter.Key())
}

// SetIterValue assigns to v the value of iter's current map entry.
func (v Value) SetIterValue(iter *MapIter) {
	v.Set(iter.Value())
}

// FieldByIndexErr returns the nested field of v at index, or an error
// when the path goes through a nil pointer to an embedded struct.
func (v Value) FieldByIndexErr(index []int) (Value, error) {
	if len(index) == 1 {
		return v.Field(index[0]), nil
	}
	v.mustBe(Struct, "reflect.Value.FieldByIndexErr")
	for i, x := range index {
		if i > 0 && v.Kind() == Pointer && v.Type().Elem().Kind() == Struct {
			if v.IsNil() {
				return Value{}, errorString("reflect: indirection through nil pointer to embedded struct field " + nameFor(v.Type().Elem()))
			}
			v = v.Elem()
		}
		v = v.Field(x)
	}
	return v, nil
}

func nameFor(t Type) string {
	if t.Name() != "" {
		return t.Name()
	}
	return t.String()
}

type errorString string

func (e errorString) Error() string { return string(e) }

// FieldByNameFunc returns the struct field whose name satisfies match
// (the shallowest one, as Type.FieldByNameFunc finds it).
func (v Value) FieldByNameFunc(match func(string) bool) Value {
	v.mustBe(Struct, "reflect.Value.FieldByNameFunc")
	if f, ok := fieldByNameFunc(v.Type(), match); ok {
		return v.FieldByIndex(f.Index)
	}
	return Value{}
}

// fieldByNameFunc is the shallowest field of struct type t whose name
// satisfies match, searching embedded structs breadth first; a name found
// twice at the same depth is ambiguous (no field).
func fieldByNameFunc(t Type, match func(string) bool) (StructField, bool) {
	type level struct {
		t     Type
		index []int
	}
	current := []level{{t, nil}}
	visited := map[Type]bool{}
	for len(current) > 0 {
		var next []level
		var found StructField
		count := 0
		for _, l := range current {
			if visited[l.t] {
				continue
			}
			visited[l.t] = true
			for i := 0; i < l.t.NumField(); i++ {
				f := l.t.Field(i)
				index := append(append([]int(nil), l.index...), i)
				if match(f.Name) {
					count++
					if count == 1 {
						found = f
						found.Index = index
					}
					continue
				}
				if f.Anonymous {
					ft := f.Type
					if ft.Kind() == Pointer {
						ft = ft.Elem()
					}
					if ft.Kind() == Struct {
						next = append(next, level{ft, index})
					}
				}
			}
		}
		if count == 1 {
			return found, true
		}
		if count > 1 {
			return StructField{}, false
		}
		current = next
	}
	return StructField{}, false
}

// VisibleFields returns all the visible fields of struct type t: the
// ones a FieldByName call can reach, fields of embedded structs included
// and following their embedding field, in the struct's order.
func VisibleFields(t Type) []StructField {
	if t == nil {
		panic("reflect: VisibleFields(nil)")
	}
	if t.Kind() != Struct {
		panic("reflect.VisibleFields of non-struct type " + t.String())
	}
	type cand struct {
		f     StructField
		depth int
	}
	var all []cand
	onPath := map[Type]bool{}
	var walk func(t Type, index []int, depth int)
	walk = func(t Type, index []int, depth int) {
		if onPath[t] {
			return
		}
		onPath[t] = true
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			f.Index = append(append([]int(nil), index...), i)
			all = append(all, cand{f, depth})
			if f.Anonymous {
				ft := f.Type
				if ft.Kind() == Pointer {
					ft = ft.Elem()
				}
				if ft.Kind() == Struct {
					walk(ft, f.Index, depth+1)
				}
			}
		}
		onPath[t] = false
	}
	walk(t, nil, 0)
	// A name is visible at its shallowest depth, if only one field has it
	// there.
	best := map[string]int{}
	count := map[string]int{}
	for _, c := range all {
		d, ok := best[c.f.Name]
		switch {
		case !ok || c.depth < d:
			best[c.f.Name] = c.depth
			count[c.f.Name] = 1
		case c.depth == d:
			count[c.f.Name]++
		}
	}
	var out []StructField
	for _, c := range all {
		if best[c.f.Name] == c.depth && count[c.f.Name] == 1 {
			out = append(out, c.f)
		}
	}
	return out
}

// canRangeFunc reports whether v is a func(yield func(...) bool) whose
// yield takes n parameters (a range-over-func iterator).
func canRangeFunc(v Value, n int) bool {
	if v.Kind() != Func {
		return false
	}
	t := v.Type()
	if t.NumIn() != 1 || t.NumOut() != 0 {
		return false
	}
	y := t.In(0)
	if y.Kind() != Func {
		return false
	}
	return y.NumIn() == n && y.NumOut() == 1 && y.Out(0).Kind() == Bool && y.Out(0).PkgPath() == ""
}
