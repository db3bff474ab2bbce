// Calls through reflection: Value.Call and CallSlice, method values
// (Value.Method, MethodByName) and Type.Method. A method value is its
// receiver's Value with flagMethod and the method's index in the flag's
// high bits, as in Go; natives in call.rs read the method tables.
package reflect

const (
	flagMethod      flag = 1 << 20
	flagMethodFn    flag = 1 << 21 // Method.Func: the receiver is the first argument
	flagMethodShift      = 22
)

func (v Value) methodIndex() int { return int(v.flag >> flagMethodShift) }

// methodSig describes method i of type t: in holds the receiver first.
type methodSig struct {
	name     string
	hasCode  bool
	in, out  []int
	variadic bool
}

func methodOf(t, i int) methodSig {
	name, has, in, out, variadic := methodInfo(t, i)
	return methodSig{name, has, in, out, variadic}
}

// funcTypeOf is the Type of a func with these parameters and results:
// the program's descriptor when it has one, else a funcType.
func funcTypeOf(in, out []int, variadic bool) Type {
	if id := funcTypeFor(in, out, variadic); id >= 0 {
		return rtype{id}
	}
	return &funcType{in: in, out: out, variadic: variadic}
}

// methodValueType is the Type of a method value (no receiver).
func methodValueType(v Value) Type {
	if v.flag&flagMethodFn != 0 {
		m := methodOf(v.t(), v.methodIndex())
		return funcTypeOf(m.in, m.out, m.variadic)
	}
	t := v.t()
	if typeKind(t) == int(Interface) {
		name, _, _, _, _ := methodInfo(t, v.methodIndex())
		tt, _ := unpackWord(v.word())
		if tt < 0 {
			panic("reflect: Method on nil interface value")
		}
		t = tt
		i := methodIndex(t, name)
		m := methodOf(t, i)
		return funcTypeOf(m.in[1:], m.out, m.variadic)
	}
	m := methodOf(t, v.methodIndex())
	return funcTypeOf(m.in[1:], m.out, m.variadic)
}

// methodValueFunc is the method value v (v.Method(i), Method.Func) as
// a func Value of its type, made with MakeFunc, for what needs the func
// itself (Interface, TypeAssert, Convert), as Go's makeMethodValue.
func methodValueFunc(v Value) Value {
	t := methodValueType(v)
	if _, ok := t.(rtype); !ok {
		panic("reflect: minigo cannot make the func of a method value of type " + t.String() + ": the program has no such func type")
	}
	m := v
	if t.IsVariadic() {
		return MakeFunc(t, func(in []Value) []Value { return m.CallSlice(in) })
	}
	return MakeFunc(t, func(in []Value) []Value { return m.Call(in) })
}

// Method returns a function value corresponding to v's i'th method.
func (v Value) Method(i int) Value {
	if v.typ == 0 {
		panic(&ValueError{"reflect.Value.Method", Invalid})
	}
	if v.flag&flagMethod != 0 || uint(i) >= uint(numMethods(v.t())) {
		panic("reflect: Method index out of range")
	}
	if typeKind(v.t()) == int(Interface) && v.IsNil() {
		panic("reflect: Method on nil interface value")
	}
	return Value{typ: v.typ, ptr: v.ptr, flag: v.flag&(flagRO|flagAddr) | flagMethod | flag(i)<<flagMethodShift}
}

// MethodByName returns a function value corresponding to the method of v
// with the given name, or the zero Value.
func (v Value) MethodByName(name string) Value {
	if v.typ == 0 {
		panic(&ValueError{"reflect.Value.MethodByName", Invalid})
	}
	if v.flag&flagMethod != 0 {
		return Value{}
	}
	i := methodIndex(v.t(), name)
	if i < 0 {
		return Value{}
	}
	return v.Method(i)
}

func typeMethodAt(t rtype, i int) Method {
	if i < 0 || i >= numMethods(t.id) {
		panic("reflect: Method index out of range")
	}
	m := methodOf(t.id, i)
	out := Method{Name: m.name, Index: i}
	if t.Kind() == Interface {
		return out
	}
	out.Type = funcTypeOf(m.in, m.out, m.variadic)
	out.Func = Value{typ: t.id + 1, flag: flagMethod | flagMethodFn | flag(i)<<flagMethodShift}
	return out
}

func typeMethodByName(t rtype, name string) (Method, bool) {
	i := methodIndex(t.id, name)
	if i < 0 {
		return Method{}, false
	}
	return typeMethodAt(t, i), true
}

// Call calls the function v with the input arguments in.
func (v Value) Call(in []Value) []Value {
	v.mustBe(Func, "reflect.Value.Call")
	if v.flag&flagRO != 0 {
		panic("reflect: reflect.Value.Call using value obtained using unexported field")
	}
	return v.call("Call", in)
}

// CallSlice calls the variadic function v with the input arguments in,
// assigning the slice in[len(in)-1] to v's final variadic argument.
func (v Value) CallSlice(in []Value) []Value {
	v.mustBe(Func, "reflect.Value.CallSlice")
	if v.flag&flagRO != 0 {
		panic("reflect: reflect.Value.CallSlice using value obtained using unexported field")
	}
	return v.call("CallSlice", in)
}

func (v Value) call(op string, in []Value) []Value {
	var fn uintptr
	var recv []uintptr
	var ins, outs []int
	var variadic bool
	if v.flag&flagMethod != 0 {
		t, w := v.t(), v.word()
		i := v.methodIndex()
		if v.flag&flagMethodFn != 0 {
			m := methodOf(t, i)
			if len(in) == 0 {
				panic("reflect: " + op + " with too few input arguments")
			}
			r := in[0]
			if r.Kind() == Invalid {
				panic("reflect: " + op + " using zero Value argument")
			}
			w = r.assignTo(t, "reflect.Value.Call")
			in = in[1:]
			ins, outs, variadic = m.in[1:], m.out, m.variadic
		} else {
			if typeKind(t) == int(Interface) {
				name, _, _, _, _ := methodInfo(t, i)
				tt, ww := unpackWord(w)
				if tt < 0 {
					panic("reflect: " + op + " of method on nil interface value")
				}
				t, w = tt, ww
				i = methodIndex(t, name)
			}
			m := methodOf(t, i)
			ins, outs, variadic = m.in[1:], m.out, m.variadic
		}
		f, r := methodFn(t, i, w)
		fn = f
		recv = []uintptr{r}
	} else {
		fn = v.word()
		ins, outs = typeFunc(v.t())
		variadic = rtype{v.t()}.IsVariadic()
	}
	if fn == 0 {
		panic("reflect.Value.Call: call of nil function")
	}
	n := len(ins)
	isSlice := op == "CallSlice"
	if isSlice {
		if !variadic {
			panic("reflect: CallSlice of non-variadic function")
		}
		if len(in) < n {
			panic("reflect: CallSlice with too few input arguments")
		}
		if len(in) > n {
			panic("reflect: CallSlice with too many input arguments")
		}
	} else {
		if variadic {
			n--
		}
		if len(in) < n {
			panic("reflect: Call with too few input arguments")
		}
		if !variadic && len(in) > n {
			panic("reflect: Call with too many input arguments")
		}
	}
	for _, x := range in {
		if x.Kind() == Invalid {
			panic("reflect: " + op + " using zero Value argument")
		}
	}
	for i := 0; i < n; i++ {
		if xt, targ := in[i].Type(), (rtype{ins[i]}); !xt.AssignableTo(targ) {
			panic("reflect: " + op + " using " + xt.String() + " as type " + targ.String())
		}
	}
	if !isSlice && variadic {
		st := rtype{ins[n]}
		m := len(in) - n
		slice := MakeSlice(st, m, m)
		elem := st.Elem()
		for i := 0; i < m; i++ {
			x := in[n+i]
			if xt := x.Type(); !xt.AssignableTo(elem) {
				panic("reflect: cannot use " + xt.String() + " as type " + elem.String() + " in " + op)
			}
			slice.Index(i).Set(x)
		}
		in = append(in[:n:n], slice)
	}
	args := make([]uintptr, 0, len(recv)+len(in))
	args = append(args, recv...)
	for i, x := range in {
		args = append(args, copyArg(ins[i], x.assignTo(ins[i], "reflect.Value.Call")))
	}
	res := callWords(fn, args, len(outs))
	ret := make([]Value, len(outs))
	for i, w := range res {
		ret[i] = Value{typ: outs[i] + 1, ptr: w}
	}
	return ret
}

// funcType is a func Type the program has no descriptor for (the type of
// a method value whose signature it never uses as a type).
type funcType struct {
	in, out  []int
	variadic bool
}

func (t *funcType) common() int { return -1 }
func (t *funcType) String() string {
	s := "func("
	for i, p := range t.in {
		if i > 0 {
			s += ", "
		}
		if t.variadic && i == len(t.in)-1 {
			s += "..." + rtype{p}.Elem().String()
		} else {
			s += typeString(p)
		}
	}
	s += ")"
	switch len(t.out) {
	case 0:
	case 1:
		s += " " + typeString(t.out[0])
	default:
		s += " ("
		for i, p := range t.out {
			if i > 0 {
				s += ", "
			}
			s += typeString(p)
		}
		s += ")"
	}
	return s
}
func (t *funcType) Kind() Kind                         { return Func }
func (t *funcType) Align() int                         { return 8 }
func (t *funcType) FieldAlign() int                    { return 8 }
func (t *funcType) Method(int) Method                  { panic("reflect: Method index out of range") }
func (t *funcType) MethodByName(string) (Method, bool) { return Method{}, false }
func (t *funcType) NumMethod() int                     { return 0 }
func (t *funcType) Name() string                       { return "" }
func (t *funcType) PkgPath() string                    { return "" }
func (t *funcType) Size() uintptr                      { return 8 }
func (t *funcType) Implements(u Type) bool {
	if u == nil {
		panic("reflect: nil type passed to Type.Implements")
	}
	return u.Kind() == Interface && u.NumMethod() == 0
}
func (t *funcType) AssignableTo(u Type) bool {
	if ft, ok := u.(*funcType); ok {
		return ft.String() == t.String()
	}
	return u != nil && (u.String() == t.String() || t.Implements(u))
}
func (t *funcType) ConvertibleTo(u Type) bool { return t.AssignableTo(u) }
func (t *funcType) Comparable() bool          { return false }
func (t *funcType) Bits() int {
	panic("reflect: Bits of non-arithmetic Type " + t.String())
}
func (t *funcType) IsVariadic() bool { return t.variadic }
func (t *funcType) ChanDir() ChanDir {
	panic("reflect: ChanDir of non-chan type " + t.String())
}
func (t *funcType) Elem() Type       { panic("reflect: Elem of invalid type " + t.String()) }
func (t *funcType) Field(i int) StructField {
	panic("reflect: Field of non-struct type " + t.String())
}
func (t *funcType) FieldByIndex(index []int) StructField {
	panic("reflect: FieldByIndex of non-struct type " + t.String())
}
func (t *funcType) FieldByName(name string) (StructField, bool) {
	panic("reflect: FieldByName of non-struct type " + t.String())
}
func (t *funcType) In(i int) Type  { return toType(t.in[i]) }
func (t *funcType) Key() Type      { panic("reflect: Key of non-map type " + t.String()) }
func (t *funcType) Len() int       { panic("reflect: Len of non-array type " + t.String()) }
func (t *funcType) NumField() int  { panic("reflect: NumField of non-struct type " + t.String()) }
func (t *funcType) NumIn() int     { return len(t.in) }
func (t *funcType) NumOut() int    { return len(t.out) }
func (t *funcType) Out(i int) Type { return toType(t.out[i]) }

// Natives (call.rs).
func methodInfo(t, i int) (name string, hasCode bool, in, out []int, variadic bool)
func methodIndex(t int, name string) int
func numMethods(t int) int
func methodFn(t, i int, recv uintptr) (fn, r uintptr)
func funcTypeFor(in, out []int, variadic bool) int
func copyArg(t int, w uintptr) uintptr

// callWords calls the func word fn with one word per parameter and
// returns its nout result words.
func callWords(fn uintptr, a []uintptr, nout int) []uintptr {
	switch len(a)*8 + nout {
	case 0:
		asF0_0(fn)()
		return nil
	case 1:
		r0 := asF0_1(fn)()
		return []uintptr{r0}
	case 2:
		r0, r1 := asF0_2(fn)()
		return []uintptr{r0, r1}
	case 3:
		r0, r1, r2 := asF0_3(fn)()
		return []uintptr{r0, r1, r2}
	case 8:
		asF1_0(fn)(a[0])
		return nil
	case 9:
		r0 := asF1_1(fn)(a[0])
		return []uintptr{r0}
	case 10:
		r0, r1 := asF1_2(fn)(a[0])
		return []uintptr{r0, r1}
	case 11:
		r0, r1, r2 := asF1_3(fn)(a[0])
		return []uintptr{r0, r1, r2}
	case 16:
		asF2_0(fn)(a[0], a[1])
		return nil
	case 17:
		r0 := asF2_1(fn)(a[0], a[1])
		return []uintptr{r0}
	case 18:
		r0, r1 := asF2_2(fn)(a[0], a[1])
		return []uintptr{r0, r1}
	case 19:
		r0, r1, r2 := asF2_3(fn)(a[0], a[1])
		return []uintptr{r0, r1, r2}
	case 24:
		asF3_0(fn)(a[0], a[1], a[2])
		return nil
	case 25:
		r0 := asF3_1(fn)(a[0], a[1], a[2])
		return []uintptr{r0}
	case 26:
		r0, r1 := asF3_2(fn)(a[0], a[1], a[2])
		return []uintptr{r0, r1}
	case 27:
		r0, r1, r2 := asF3_3(fn)(a[0], a[1], a[2])
		return []uintptr{r0, r1, r2}
	case 32:
		asF4_0(fn)(a[0], a[1], a[2], a[3])
		return nil
	case 33:
		r0 := asF4_1(fn)(a[0], a[1], a[2], a[3])
		return []uintptr{r0}
	case 34:
		r0, r1 := asF4_2(fn)(a[0], a[1], a[2], a[3])
		return []uintptr{r0, r1}
	case 35:
		r0, r1, r2 := asF4_3(fn)(a[0], a[1], a[2], a[3])
		return []uintptr{r0, r1, r2}
	case 40:
		asF5_0(fn)(a[0], a[1], a[2], a[3], a[4])
		return nil
	case 41:
		r0 := asF5_1(fn)(a[0], a[1], a[2], a[3], a[4])
		return []uintptr{r0}
	case 42:
		r0, r1 := asF5_2(fn)(a[0], a[1], a[2], a[3], a[4])
		return []uintptr{r0, r1}
	case 43:
		r0, r1, r2 := asF5_3(fn)(a[0], a[1], a[2], a[3], a[4])
		return []uintptr{r0, r1, r2}
	case 48:
		asF6_0(fn)(a[0], a[1], a[2], a[3], a[4], a[5])
		return nil
	case 49:
		r0 := asF6_1(fn)(a[0], a[1], a[2], a[3], a[4], a[5])
		return []uintptr{r0}
	case 50:
		r0, r1 := asF6_2(fn)(a[0], a[1], a[2], a[3], a[4], a[5])
		return []uintptr{r0, r1}
	case 51:
		r0, r1, r2 := asF6_3(fn)(a[0], a[1], a[2], a[3], a[4], a[5])
		return []uintptr{r0, r1, r2}
	case 56:
		asF7_0(fn)(a[0], a[1], a[2], a[3], a[4], a[5], a[6])
		return nil
	case 57:
		r0 := asF7_1(fn)(a[0], a[1], a[2], a[3], a[4], a[5], a[6])
		return []uintptr{r0}
	case 58:
		r0, r1 := asF7_2(fn)(a[0], a[1], a[2], a[3], a[4], a[5], a[6])
		return []uintptr{r0, r1}
	case 59:
		r0, r1, r2 := asF7_3(fn)(a[0], a[1], a[2], a[3], a[4], a[5], a[6])
		return []uintptr{r0, r1, r2}
	case 64:
		asF8_0(fn)(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7])
		return nil
	case 65:
		r0 := asF8_1(fn)(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7])
		return []uintptr{r0}
	case 66:
		r0, r1 := asF8_2(fn)(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7])
		return []uintptr{r0, r1}
	case 67:
		r0, r1, r2 := asF8_3(fn)(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7])
		return []uintptr{r0, r1, r2}
	case 72:
		asF9_0(fn)(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8])
		return nil
	case 73:
		r0 := asF9_1(fn)(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8])
		return []uintptr{r0}
	case 74:
		r0, r1 := asF9_2(fn)(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8])
		return []uintptr{r0, r1}
	case 75:
		r0, r1, r2 := asF9_3(fn)(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8])
		return []uintptr{r0, r1, r2}
	case 80:
		asF10_0(fn)(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9])
		return nil
	case 81:
		r0 := asF10_1(fn)(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9])
		return []uintptr{r0}
	case 82:
		r0, r1 := asF10_2(fn)(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9])
		return []uintptr{r0, r1}
	case 83:
		r0, r1, r2 := asF10_3(fn)(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9])
		return []uintptr{r0, r1, r2}
	}
	panic("reflect: minigo calls funcs of at most 10 parameters and 3 results")
}

// Natives (call.rs): fn's word as a func of n word parameters and m word results.
func asF0_0(fn uintptr) func()
func asF0_1(fn uintptr) func() uintptr
func asF0_2(fn uintptr) func() (uintptr, uintptr)
func asF0_3(fn uintptr) func() (uintptr, uintptr, uintptr)
func asF1_0(fn uintptr) func(uintptr)
func asF1_1(fn uintptr) func(uintptr) uintptr
func asF1_2(fn uintptr) func(uintptr) (uintptr, uintptr)
func asF1_3(fn uintptr) func(uintptr) (uintptr, uintptr, uintptr)
func asF2_0(fn uintptr) func(uintptr, uintptr)
func asF2_1(fn uintptr) func(uintptr, uintptr) uintptr
func asF2_2(fn uintptr) func(uintptr, uintptr) (uintptr, uintptr)
func asF2_3(fn uintptr) func(uintptr, uintptr) (uintptr, uintptr, uintptr)
func asF3_0(fn uintptr) func(uintptr, uintptr, uintptr)
func asF3_1(fn uintptr) func(uintptr, uintptr, uintptr) uintptr
func asF3_2(fn uintptr) func(uintptr, uintptr, uintptr) (uintptr, uintptr)
func asF3_3(fn uintptr) func(uintptr, uintptr, uintptr) (uintptr, uintptr, uintptr)
func asF4_0(fn uintptr) func(uintptr, uintptr, uintptr, uintptr)
func asF4_1(fn uintptr) func(uintptr, uintptr, uintptr, uintptr) uintptr
func asF4_2(fn uintptr) func(uintptr, uintptr, uintptr, uintptr) (uintptr, uintptr)
func asF4_3(fn uintptr) func(uintptr, uintptr, uintptr, uintptr) (uintptr, uintptr, uintptr)
func asF5_0(fn uintptr) func(uintptr, uintptr, uintptr, uintptr, uintptr)
func asF5_1(fn uintptr) func(uintptr, uintptr, uintptr, uintptr, uintptr) uintptr
func asF5_2(fn uintptr) func(uintptr, uintptr, uintptr, uintptr, uintptr) (uintptr, uintptr)
func asF5_3(fn uintptr) func(uintptr, uintptr, uintptr, uintptr, uintptr) (uintptr, uintptr, uintptr)
func asF6_0(fn uintptr) func(uintptr, uintptr, uintptr, uintptr, uintptr, uintptr)
func asF6_1(fn uintptr) func(uintptr, uintptr, uintptr, uintptr, uintptr, uintptr) uintptr
func asF6_2(fn uintptr) func(uintptr, uintptr, uintptr, uintptr, uintptr, uintptr) (uintptr, uintptr)
func asF6_3(fn uintptr) func(uintptr, uintptr, uintptr, uintptr, uintptr, uintptr) (uintptr, uintptr, uintptr)
func asF7_0(fn uintptr) func(uintptr, uintptr, uintptr, uintptr, uintptr, uintptr, uintptr)
func asF7_1(fn uintptr) func(uintptr, uintptr, uintptr, uintptr, uintptr, uintptr, uintptr) uintptr
func asF7_2(fn uintptr) func(uintptr, uintptr, uintptr, uintptr, uintptr, uintptr, uintptr) (uintptr, uintptr)
func asF7_3(fn uintptr) func(uintptr, uintptr, uintptr, uintptr, uintptr, uintptr, uintptr) (uintptr, uintptr, uintptr)
func asF8_0(fn uintptr) func(uintptr, uintptr, uintptr, uintptr, uintptr, uintptr, uintptr, uintptr)
func asF8_1(fn uintptr) func(uintptr, uintptr, uintptr, uintptr, uintptr, uintptr, uintptr, uintptr) uintptr
func asF8_2(fn uintptr) func(uintptr, uintptr, uintptr, uintptr, uintptr, uintptr, uintptr, uintptr) (uintptr, uintptr)
func asF8_3(fn uintptr) func(uintptr, uintptr, uintptr, uintptr, uintptr, uintptr, uintptr, uintptr) (uintptr, uintptr, uintptr)
func asF9_0(fn uintptr) func(uintptr, uintptr, uintptr, uintptr, uintptr, uintptr, uintptr, uintptr, uintptr)
func asF9_1(fn uintptr) func(uintptr, uintptr, uintptr, uintptr, uintptr, uintptr, uintptr, uintptr, uintptr) uintptr
func asF9_2(fn uintptr) func(uintptr, uintptr, uintptr, uintptr, uintptr, uintptr, uintptr, uintptr, uintptr) (uintptr, uintptr)
func asF9_3(fn uintptr) func(uintptr, uintptr, uintptr, uintptr, uintptr, uintptr, uintptr, uintptr, uintptr) (uintptr, uintptr, uintptr)
func asF10_0(fn uintptr) func(uintptr, uintptr, uintptr, uintptr, uintptr, uintptr, uintptr, uintptr, uintptr, uintptr)
func asF10_1(fn uintptr) func(uintptr, uintptr, uintptr, uintptr, uintptr, uintptr, uintptr, uintptr, uintptr, uintptr) uintptr
func asF10_2(fn uintptr) func(uintptr, uintptr, uintptr, uintptr, uintptr, uintptr, uintptr, uintptr, uintptr, uintptr) (uintptr, uintptr)
func asF10_3(fn uintptr) func(uintptr, uintptr, uintptr, uintptr, uintptr, uintptr, uintptr, uintptr, uintptr, uintptr) (uintptr, uintptr, uintptr)
