// reflect.MakeFunc, and the newer Value methods: Slice3, SetCap,
// TypeAssert, Fields, Methods, and the unsafe side (NewAt, SliceAt,
// UnsafePointer, SetPointer, UnsafeAddr).
package main

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"unsafe"
)

type pair struct {
	A int
	B string
	c bool
}

type T struct {
	Name string `json:"name"`
	N    int
	p    *int
}

func (t T) Hello(s string) string { return "hello " + s + " from " + t.Name }
func (t T) Add(x int) int         { return t.N + x }
func (t *T) Ptr()                 {}

func try(name string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Printf("%s: panic: %v\n", name, r)
		}
	}()
	f()
}

func main() {
	// The swap example of Go's documentation.
	swap := func(in []reflect.Value) []reflect.Value { return []reflect.Value{in[1], in[0]} }
	makeSwap := func(fptr any) {
		fn := reflect.ValueOf(fptr).Elem()
		fn.Set(reflect.MakeFunc(fn.Type(), swap))
	}
	var intSwap func(int, int) (int, int)
	makeSwap(&intSwap)
	fmt.Println(intSwap(0, 1))
	var floatSwap func(float64, float64) (float64, float64)
	makeSwap(&floatSwap)
	fmt.Println(floatSwap(2.72, 3.14))
	var pairSwap func(pair, pair) (pair, pair)
	makeSwap(&pairSwap)
	fmt.Println(pairSwap(pair{1, "x", true}, pair{2, "y", false}))

	// Arguments are copies; variadic arguments arrive as a slice.
	mutate := reflect.MakeFunc(reflect.TypeFor[func(pair) int](), func(in []reflect.Value) []reflect.Value {
		p := reflect.New(in[0].Type()).Elem()
		p.Set(in[0])
		p.Field(0).SetInt(100)
		return []reflect.Value{reflect.ValueOf(int(p.Field(0).Int()) + len(p.Field(1).String()))}
	}).Interface().(func(pair) int)
	orig := pair{A: 1, B: "abc"}
	fmt.Println(mutate(orig), orig.A)
	join := reflect.MakeFunc(reflect.TypeFor[func(string, ...int) string](), func(in []reflect.Value) []reflect.Value {
		parts := []string{in[0].String()}
		for i := 0; i < in[1].Len(); i++ {
			parts = append(parts, fmt.Sprint(in[1].Index(i).Int()))
		}
		return []reflect.Value{reflect.ValueOf(strings.Join(parts, ","))}
	})
	jf := join.Interface().(func(string, ...int) string)
	fmt.Println(jf("a", 1, 2, 3), jf("b"), join.Type(), join.Kind())
	out := join.Call([]reflect.Value{reflect.ValueOf("c"), reflect.ValueOf(4)})
	fmt.Println(out[0])

	// Results are converted to interface result types; errors as Go's.
	mkErr := reflect.MakeFunc(reflect.TypeFor[func(bool) (any, error)](), func(in []reflect.Value) []reflect.Value {
		if in[0].Bool() {
			return []reflect.Value{reflect.ValueOf(7), reflect.ValueOf(errors.New("boom"))}
		}
		return []reflect.Value{reflect.ValueOf("ok"), reflect.Zero(reflect.TypeFor[error]())}
	}).Interface().(func(bool) (any, error))
	fmt.Println(mkErr(true))
	fmt.Println(mkErr(false))
	nothing := reflect.MakeFunc(reflect.TypeFor[func()](), func(in []reflect.Value) []reflect.Value {
		fmt.Println("called with", len(in))
		return nil
	}).Interface().(func())
	nothing()
	wrongCount := reflect.MakeFunc(reflect.TypeFor[func() int](), func([]reflect.Value) []reflect.Value { return nil }).Interface().(func() int)
	try("wrong count", func() { wrongCount() })
	wrongType := reflect.MakeFunc(reflect.TypeFor[func() int](), func([]reflect.Value) []reflect.Value {
		return []reflect.Value{reflect.ValueOf("s")}
	}).Interface().(func() int)
	try("wrong type", func() { wrongType() })
	zeroRes := reflect.MakeFunc(reflect.TypeFor[func() int](), func([]reflect.Value) []reflect.Value {
		return []reflect.Value{{}}
	}).Interface().(func() int)
	try("zero result", func() { zeroRes() })
	roRes := reflect.MakeFunc(reflect.TypeFor[func() bool](), func([]reflect.Value) []reflect.Value {
		return []reflect.Value{reflect.ValueOf(pair{}).Field(2)}
	}).Interface().(func() bool)
	try("unexported result", func() { roRes() })
	try("non-func", func() { reflect.MakeFunc(reflect.TypeFor[int](), swap) })
	panicky := reflect.MakeFunc(reflect.TypeFor[func()](), func([]reflect.Value) []reflect.Value { panic("inner") }).Interface().(func())
	try("inner panic", panicky)

	// Value.Seq and Seq2 over iterator funcs (through MakeFunc).
	count := func(yield func(int) bool) {
		for i := 10; i < 15; i++ {
			if !yield(i) {
				return
			}
		}
	}
	for x := range reflect.ValueOf(count).Seq() {
		if x.Int() == 13 {
			break
		}
		fmt.Print(x, " ")
	}
	fmt.Println()
	kv := func(yield func(string, float64) bool) {
		_ = yield("a", 1.5) && yield("b", 2.5)
	}
	for k, v := range reflect.ValueOf(kv).Seq2() {
		fmt.Print(k, "=", v, " ")
	}
	fmt.Println()
	try("seq of bad func", func() { reflect.ValueOf(func(int) {}).Seq() })

	// Slice3, Slice of an array, SetCap.
	s := []int{0, 1, 2, 3, 4, 5}
	v := reflect.ValueOf(s).Slice3(1, 3, 4)
	fmt.Println(v.Interface(), v.Len(), v.Cap())
	arr := [5]string{"a", "b", "c", "d", "e"}
	av := reflect.ValueOf(&arr).Elem()
	sv := av.Slice3(1, 2, 3)
	sv.Index(0).SetString("B")
	fmt.Println(sv.Interface(), sv.Cap(), sv.Type(), arr)
	fmt.Println(av.Slice(3, 5).Interface())
	try("slice3 unaddressable", func() { reflect.ValueOf(arr).Slice3(0, 1, 2) })
	try("slice unaddressable", func() { reflect.ValueOf(arr).Slice(0, 1) })
	try("slice3 bounds", func() { reflect.ValueOf(s).Slice3(0, 3, 7) })
	try("slice3 order", func() { reflect.ValueOf(s).Slice3(0, 3, 2) })
	try("slice3 string", func() { reflect.ValueOf("abc").Slice3(0, 1, 2) })
	ps := reflect.ValueOf(&s).Elem()
	ps.SetLen(2)
	ps.SetCap(4)
	fmt.Println(len(s), cap(s), s[:4])
	try("setcap big", func() { ps.SetCap(5) })
	try("setcap small", func() { ps.SetCap(1) })
	try("setcap unaddressable", func() { reflect.ValueOf(s).SetCap(4) })

	// TypeAssert.
	n, ok := reflect.TypeAssert[int](reflect.ValueOf(42))
	fmt.Println(n, ok)
	str, ok := reflect.TypeAssert[string](reflect.ValueOf(42))
	fmt.Printf("%q %v\n", str, ok)
	st, ok := reflect.TypeAssert[fmt.Stringer](reflect.ValueOf(reflect.Int))
	fmt.Println(st, ok)
	var e error = errors.New("E")
	ev, ok := reflect.TypeAssert[error](reflect.ValueOf(&e).Elem())
	fmt.Println(ev, ok)
	var ne error
	ev, ok = reflect.TypeAssert[error](reflect.ValueOf(&ne).Elem())
	fmt.Println(ev, ok)
	try("typeassert zero", func() { reflect.TypeAssert[int](reflect.Value{}) })
	try("typeassert unexported", func() { reflect.TypeAssert[bool](reflect.ValueOf(pair{}).Field(2)) })

	// Fields and Methods.
	x := 5
	t := T{Name: "t", N: 3, p: &x}
	for f, fv := range reflect.ValueOf(t).Fields() {
		fmt.Println(f.Name, f.Tag, f.Index, fv.Kind(), fv.CanInterface())
	}
	for f := range reflect.ValueOf(&t).Elem().Fields() {
		if f.Name == "N" {
			break
		}
		fmt.Println("first", f.Name)
	}
	for m, mv := range reflect.ValueOf(t).Methods() {
		fmt.Println(m.Name, m.Type, mv.Type())
	}
	for m := range reflect.ValueOf(&t).Methods() {
		fmt.Println("ptr", m.Name)
	}
	try("fields non-struct", func() { reflect.ValueOf(1).Fields() })
	out = reflect.ValueOf(t).MethodByName("Hello").Call([]reflect.Value{reflect.ValueOf("you")})
	fmt.Println(out[0])

	// unsafe: NewAt, SliceAt, UnsafePointer, SetPointer, UnsafeAddr.
	y := 10
	pv := reflect.NewAt(reflect.TypeFor[int](), unsafe.Pointer(&y))
	pv.Elem().SetInt(11)
	fmt.Println(y, pv.Type())
	nums := []int32{7, 8, 9}
	sa := reflect.SliceAt(reflect.TypeFor[int32](), unsafe.Pointer(&nums[0]), 3)
	sa.Index(2).SetInt(90)
	fmt.Println(sa.Interface(), sa.Type(), nums)
	up := reflect.ValueOf(&y).UnsafePointer()
	fmt.Println(*(*int)(up), up == unsafe.Pointer(&y))
	fmt.Println(reflect.ValueOf(nums).UnsafePointer() == unsafe.Pointer(&nums[0]))
	bs := "hey"
	fmt.Println(*(*byte)(reflect.ValueOf(bs).UnsafePointer()))
	var nilp *int
	fmt.Println(reflect.ValueOf(nilp).UnsafePointer() == nil)
	var holder struct{ P unsafe.Pointer }
	hp := reflect.ValueOf(&holder).Elem().Field(0)
	fmt.Println(hp.Kind(), hp.Type())
	hp.SetPointer(unsafe.Pointer(&y))
	fmt.Println(*(*int)(holder.P), hp.IsNil(), hp.UnsafePointer() == unsafe.Pointer(&y))
	ev2 := reflect.ValueOf(&e).Elem()
	fmt.Println(ev2.InterfaceData()[1] != 0, reflect.ValueOf(&ne).Elem().InterfaceData() == [2]uintptr{})
	fmt.Println(reflect.ValueOf(&y).Elem().UnsafeAddr() == uintptr(unsafe.Pointer(&y)))
	try("unsafeaddr", func() { reflect.ValueOf(y).UnsafeAddr() })
	try("unsafepointer int", func() { reflect.ValueOf(y).UnsafePointer() })
	try("setpointer int", func() { reflect.ValueOf(&y).Elem().SetPointer(nil) })
	try("interfacedata", func() { reflect.ValueOf(y).InterfaceData() })
	try("sliceat negative", func() { reflect.SliceAt(reflect.TypeFor[int](), unsafe.Pointer(&y), -1) })
	fmt.Println(reflect.TypeFor[reflect.SliceHeader]().NumField(), reflect.TypeFor[reflect.StringHeader]().Size())
}
