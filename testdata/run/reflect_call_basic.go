package main

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
)

type P struct{ X, Y int }

func (p P) Sum() int              { return p.X + p.Y }
func (p P) Scale(k int) P         { return P{p.X * k, p.Y * k} }
func (p *P) Move(dx, dy int)      { p.X += dx; p.Y += dy }
func (p P) String() string        { return fmt.Sprintf("(%d,%d)", p.X, p.Y) }
func (p P) Join(sep string, xs ...string) string {
	return strings.Join(xs, sep) + fmt.Sprint(p.X)
}
func (p P) Div(d int) (int, error) {
	if d == 0 {
		return 0, errors.New("divide by zero")
	}
	return p.X / d, nil
}
func (p P) hidden() {}

type Greeter interface{ Greet(string) string }
type En struct{}

func (En) Greet(n string) string { return "hello " + n }

func add(a, b int) int { return a + b }
func sum(xs ...int) int {
	t := 0
	for _, x := range xs {
		t += x
	}
	return t
}

func try(name string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Printf("%s: panic: %v\n", name, r)
		}
	}()
	f()
}

func main() {
	fv := reflect.ValueOf(add)
	out := fv.Call([]reflect.Value{reflect.ValueOf(2), reflect.ValueOf(3)})
	fmt.Println(len(out), out[0].Int(), out[0].Type())
	sv := reflect.ValueOf(sum)
	fmt.Println(sv.Call([]reflect.Value{reflect.ValueOf(1), reflect.ValueOf(2), reflect.ValueOf(3)})[0].Int())
	fmt.Println(sv.Call(nil)[0].Int())
	fmt.Println(sv.CallSlice([]reflect.Value{reflect.ValueOf([]int{4, 5})})[0].Int())

	p := P{1, 2}
	v := reflect.ValueOf(p)
	fmt.Println("NumMethod", v.NumMethod(), reflect.TypeOf(p).NumMethod(), reflect.TypeOf(&p).NumMethod())
	for i := 0; i < reflect.TypeOf(&p).NumMethod(); i++ {
		m := reflect.TypeOf(&p).Method(i)
		fmt.Println(i, m.Name, m.Index, m.Type, m.Type.NumIn(), m.IsExported())
	}
	for i := 0; i < v.NumMethod(); i++ {
		fmt.Println(i, v.Type().Method(i).Name, v.Method(i).Type())
	}
	fmt.Println(v.MethodByName("Sum").Call(nil)[0].Int())
	fmt.Println(v.MethodByName("Scale").Call([]reflect.Value{reflect.ValueOf(3)})[0].Interface())
	fmt.Println(v.MethodByName("Join").Call([]reflect.Value{reflect.ValueOf("-"), reflect.ValueOf("a"), reflect.ValueOf("b")})[0])
	r := v.MethodByName("Div").Call([]reflect.Value{reflect.ValueOf(0)})
	fmt.Println(r[0].Int(), r[1].Interface(), r[1].Type())
	fmt.Println(v.MethodByName("Nope").IsValid(), v.MethodByName("hidden").IsValid())
	pv := reflect.ValueOf(&p)
	pv.MethodByName("Move").Call([]reflect.Value{reflect.ValueOf(10), reflect.ValueOf(20)})
	fmt.Println(p, pv.MethodByName("Sum").Call(nil)[0])
	m, ok := reflect.TypeOf(p).MethodByName("Sum")
	fmt.Println(ok, m.Func.Call([]reflect.Value{reflect.ValueOf(P{5, 6})})[0].Int())
	fmt.Println(v.MethodByName("Sum").Kind(), v.MethodByName("Sum").NumMethod())

	var g Greeter = En{}
	gv := reflect.ValueOf(&g).Elem()
	fmt.Println(gv.Kind(), gv.NumMethod(), gv.Method(0).Call([]reflect.Value{reflect.ValueOf("bob")})[0])
	fmt.Println(reflect.TypeOf(&g).Elem().Method(0).Name)

	try("zero", func() { reflect.Value{}.Call(nil) })
	try("few", func() { fv.Call([]reflect.Value{reflect.ValueOf(1)}) })
	try("many", func() { fv.Call([]reflect.Value{reflect.ValueOf(1), reflect.ValueOf(1), reflect.ValueOf(1)}) })
	try("type", func() { fv.Call([]reflect.Value{reflect.ValueOf(1), reflect.ValueOf("x")}) })
	try("notfunc", func() { reflect.ValueOf(3).Call(nil) })
	try("slice", func() { fv.CallSlice([]reflect.Value{reflect.ValueOf(1), reflect.ValueOf(1)}) })
	try("variadic", func() { sv.Call([]reflect.Value{reflect.ValueOf("a")}) })
	try("nilfunc", func() { var f func(); reflect.ValueOf(f).Call(nil) })
	try("zeroarg", func() { fv.Call([]reflect.Value{{}, reflect.ValueOf(1)}) })
	try("index", func() { v.Method(10) })
	try("panics", func() {
		reflect.ValueOf(func() { panic("inner") }).Call(nil)
	})
	var ng Greeter
	try("nilif", func() { reflect.ValueOf(&ng).Elem().Method(0) })
	fmt.Println(reflect.ValueOf(strings.ToUpper).Call([]reflect.Value{reflect.ValueOf("up")})[0])
	cl := 10
	fmt.Println(reflect.ValueOf(func(x int) (int, string) { return x + cl, "ok" }).Call([]reflect.Value{reflect.ValueOf(5)})[1])
}
