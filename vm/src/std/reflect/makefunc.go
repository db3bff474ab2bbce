// MakeFunc: a func value of any signature whose calls run a Go func of
// []Value. A call passes one word per parameter whatever its type (see
// call.rs), so a closure of n uintptr parameters and m uintptr results,
// retyped, is a func of any type with n parameters and m results: up to
// 10 parameters and 3 results, as Value.Call.
package reflect

// makeFuncImpl is what a func made by MakeFunc calls.
type makeFuncImpl struct {
	ins, outs []int
	fn        func([]Value) []Value
}

// MakeFunc returns a new function of the given Type that wraps the
// function fn: when called, it converts its arguments to Values, runs fn
// and returns fn's results as the function's.
func MakeFunc(typ Type, fn func(args []Value) (results []Value)) Value {
	if typ.Kind() != Func {
		panic("reflect: call of MakeFunc with non-Func type")
	}
	t := typ.common()
	ins, outs := typeFunc(t)
	if len(ins) > 10 || len(outs) > 3 {
		panic("minigo: reflect.MakeFunc makes funcs of at most 10 parameters and 3 results, not " + typ.String())
	}
	m := &makeFuncImpl{ins: ins, outs: outs, fn: fn}
	_, w := unpack(m.stub())
	return Value{typ: t + 1, ptr: w}
}

// call runs fn on the argument words and returns the result words,
// checked as Go checks them.
func (m *makeFuncImpl) call(args ...uintptr) []uintptr {
	in := make([]Value, len(args))
	for i, a := range args {
		in[i] = Value{typ: m.ins[i] + 1, ptr: copyArg(m.ins[i], a)}
	}
	out := m.fn(in)
	if len(out) != len(m.outs) {
		panic("reflect: wrong return count from function created by MakeFunc")
	}
	res := make([]uintptr, len(out))
	for i, t := range m.outs {
		v := out[i]
		if v.typ == 0 {
			panic("reflect: function created by MakeFunc using closure returned zero Value")
		}
		if v.flag&flagRO != 0 {
			panic("reflect: function created by MakeFunc using closure returned value obtained from unexported field")
		}
		if typeSize(t) == 0 {
			res[i] = zeroOf(t)
			continue
		}
		res[i] = copyArg(t, v.assignTo(t, "reflect.MakeFunc"))
	}
	return res
}

// stub is a func of m's numbers of parameters and results, of uintptr
// words, that calls m.
func (m *makeFuncImpl) stub() any {
	switch len(m.ins)<<2 | len(m.outs) {
	case 0<<2 | 0:
		return func() { m.call() }
	case 0<<2 | 1:
		return func() uintptr { return m.call()[0] }
	case 0<<2 | 2:
		return func() (uintptr, uintptr) { r := m.call(); return r[0], r[1] }
	case 0<<2 | 3:
		return func() (uintptr, uintptr, uintptr) { r := m.call(); return r[0], r[1], r[2] }
	case 1<<2 | 0:
		return func(a0 uintptr) { m.call(a0) }
	case 1<<2 | 1:
		return func(a0 uintptr) uintptr { return m.call(a0)[0] }
	case 1<<2 | 2:
		return func(a0 uintptr) (uintptr, uintptr) { r := m.call(a0); return r[0], r[1] }
	case 1<<2 | 3:
		return func(a0 uintptr) (uintptr, uintptr, uintptr) { r := m.call(a0); return r[0], r[1], r[2] }
	case 2<<2 | 0:
		return func(a0, a1 uintptr) { m.call(a0, a1) }
	case 2<<2 | 1:
		return func(a0, a1 uintptr) uintptr { return m.call(a0, a1)[0] }
	case 2<<2 | 2:
		return func(a0, a1 uintptr) (uintptr, uintptr) { r := m.call(a0, a1); return r[0], r[1] }
	case 2<<2 | 3:
		return func(a0, a1 uintptr) (uintptr, uintptr, uintptr) { r := m.call(a0, a1); return r[0], r[1], r[2] }
	case 3<<2 | 0:
		return func(a0, a1, a2 uintptr) { m.call(a0, a1, a2) }
	case 3<<2 | 1:
		return func(a0, a1, a2 uintptr) uintptr { return m.call(a0, a1, a2)[0] }
	case 3<<2 | 2:
		return func(a0, a1, a2 uintptr) (uintptr, uintptr) { r := m.call(a0, a1, a2); return r[0], r[1] }
	case 3<<2 | 3:
		return func(a0, a1, a2 uintptr) (uintptr, uintptr, uintptr) { r := m.call(a0, a1, a2); return r[0], r[1], r[2] }
	case 4<<2 | 0:
		return func(a0, a1, a2, a3 uintptr) { m.call(a0, a1, a2, a3) }
	case 4<<2 | 1:
		return func(a0, a1, a2, a3 uintptr) uintptr { return m.call(a0, a1, a2, a3)[0] }
	case 4<<2 | 2:
		return func(a0, a1, a2, a3 uintptr) (uintptr, uintptr) { r := m.call(a0, a1, a2, a3); return r[0], r[1] }
	case 4<<2 | 3:
		return func(a0, a1, a2, a3 uintptr) (uintptr, uintptr, uintptr) { r := m.call(a0, a1, a2, a3); return r[0], r[1], r[2] }
	case 5<<2 | 0:
		return func(a0, a1, a2, a3, a4 uintptr) { m.call(a0, a1, a2, a3, a4) }
	case 5<<2 | 1:
		return func(a0, a1, a2, a3, a4 uintptr) uintptr { return m.call(a0, a1, a2, a3, a4)[0] }
	case 5<<2 | 2:
		return func(a0, a1, a2, a3, a4 uintptr) (uintptr, uintptr) { r := m.call(a0, a1, a2, a3, a4); return r[0], r[1] }
	case 5<<2 | 3:
		return func(a0, a1, a2, a3, a4 uintptr) (uintptr, uintptr, uintptr) { r := m.call(a0, a1, a2, a3, a4); return r[0], r[1], r[2] }
	case 6<<2 | 0:
		return func(a0, a1, a2, a3, a4, a5 uintptr) { m.call(a0, a1, a2, a3, a4, a5) }
	case 6<<2 | 1:
		return func(a0, a1, a2, a3, a4, a5 uintptr) uintptr { return m.call(a0, a1, a2, a3, a4, a5)[0] }
	case 6<<2 | 2:
		return func(a0, a1, a2, a3, a4, a5 uintptr) (uintptr, uintptr) { r := m.call(a0, a1, a2, a3, a4, a5); return r[0], r[1] }
	case 6<<2 | 3:
		return func(a0, a1, a2, a3, a4, a5 uintptr) (uintptr, uintptr, uintptr) { r := m.call(a0, a1, a2, a3, a4, a5); return r[0], r[1], r[2] }
	case 7<<2 | 0:
		return func(a0, a1, a2, a3, a4, a5, a6 uintptr) { m.call(a0, a1, a2, a3, a4, a5, a6) }
	case 7<<2 | 1:
		return func(a0, a1, a2, a3, a4, a5, a6 uintptr) uintptr { return m.call(a0, a1, a2, a3, a4, a5, a6)[0] }
	case 7<<2 | 2:
		return func(a0, a1, a2, a3, a4, a5, a6 uintptr) (uintptr, uintptr) { r := m.call(a0, a1, a2, a3, a4, a5, a6); return r[0], r[1] }
	case 7<<2 | 3:
		return func(a0, a1, a2, a3, a4, a5, a6 uintptr) (uintptr, uintptr, uintptr) { r := m.call(a0, a1, a2, a3, a4, a5, a6); return r[0], r[1], r[2] }
	case 8<<2 | 0:
		return func(a0, a1, a2, a3, a4, a5, a6, a7 uintptr) { m.call(a0, a1, a2, a3, a4, a5, a6, a7) }
	case 8<<2 | 1:
		return func(a0, a1, a2, a3, a4, a5, a6, a7 uintptr) uintptr { return m.call(a0, a1, a2, a3, a4, a5, a6, a7)[0] }
	case 8<<2 | 2:
		return func(a0, a1, a2, a3, a4, a5, a6, a7 uintptr) (uintptr, uintptr) { r := m.call(a0, a1, a2, a3, a4, a5, a6, a7); return r[0], r[1] }
	case 8<<2 | 3:
		return func(a0, a1, a2, a3, a4, a5, a6, a7 uintptr) (uintptr, uintptr, uintptr) { r := m.call(a0, a1, a2, a3, a4, a5, a6, a7); return r[0], r[1], r[2] }
	case 9<<2 | 0:
		return func(a0, a1, a2, a3, a4, a5, a6, a7, a8 uintptr) { m.call(a0, a1, a2, a3, a4, a5, a6, a7, a8) }
	case 9<<2 | 1:
		return func(a0, a1, a2, a3, a4, a5, a6, a7, a8 uintptr) uintptr { return m.call(a0, a1, a2, a3, a4, a5, a6, a7, a8)[0] }
	case 9<<2 | 2:
		return func(a0, a1, a2, a3, a4, a5, a6, a7, a8 uintptr) (uintptr, uintptr) { r := m.call(a0, a1, a2, a3, a4, a5, a6, a7, a8); return r[0], r[1] }
	case 9<<2 | 3:
		return func(a0, a1, a2, a3, a4, a5, a6, a7, a8 uintptr) (uintptr, uintptr, uintptr) { r := m.call(a0, a1, a2, a3, a4, a5, a6, a7, a8); return r[0], r[1], r[2] }
	case 10<<2 | 0:
		return func(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9 uintptr) { m.call(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9) }
	case 10<<2 | 1:
		return func(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9 uintptr) uintptr { return m.call(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9)[0] }
	case 10<<2 | 2:
		return func(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9 uintptr) (uintptr, uintptr) { r := m.call(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9); return r[0], r[1] }
	case 10<<2 | 3:
		return func(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9 uintptr) (uintptr, uintptr, uintptr) { r := m.call(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9); return r[0], r[1], r[2] }
	}
	panic("reflect: internal error: MakeFunc arity")
}
