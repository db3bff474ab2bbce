package main

import (
	"fmt"
	"reflect"
)

type Inner struct{ A, B int }

type T struct {
	Name  string `json:"name,omitempty" xml:"n"`
	Age   int    `json:"age"`
	tags  []string
	In    Inner
	P     *Inner
	M     map[string]int
	Any   any
	small int8
}

func (t T) Hello() string { return "hi" }
func (t *T) Set()         {}

type Stringer interface{ String() string }

func main() {
	t := T{Name: "bob", Age: 3, In: Inner{1, 2}, M: map[string]int{"a": 1}, Any: 2.5}
	rt := reflect.TypeOf(t)
	fmt.Println(rt, rt.Name(), rt.Kind(), rt.NumField(), rt.PkgPath(), rt.NumMethod())
	for i := 0; i < rt.NumField(); i++ {
		f := rt.Field(i)
		fmt.Println(f.Name, f.Type, f.Tag.Get("json"), f.Tag, f.IsExported(), f.Index, f.Offset)
	}
	v := reflect.ValueOf(t)
	fmt.Println(v.Field(0).String(), v.Field(1).Int(), v.Field(3).Field(1).Int(), v.Field(5).Len())
	fmt.Println(v.Field(6).Kind(), v.Field(6).Elem().Float(), v.Field(4).IsNil())
	pv := reflect.ValueOf(&t).Elem()
	pv.Field(1).SetInt(42)
	pv.Field(0).SetString("alice")
	pv.Field(3).Field(0).SetInt(7)
	pv.FieldByName("P").Set(reflect.ValueOf(&Inner{5, 6}))
	fmt.Println(t.Age, t.Name, t.In, *t.P, pv.CanSet(), v.CanSet())
	m := reflect.ValueOf(t.M)
	m.SetMapIndex(reflect.ValueOf("b"), reflect.ValueOf(2))
	fmt.Println(t.M, len(m.MapKeys()))
	s := reflect.ValueOf([]int{1, 2, 3})
	s.Index(1).SetInt(20)
	fmt.Println(s.Interface(), s.Len(), s.Index(2).Interface())
	ns := reflect.Append(s, reflect.ValueOf(4))
	fmt.Println(ns.Interface(), ns.Len())
	fmt.Println(reflect.DeepEqual([]int{1, 2}, []int{1, 2}), reflect.DeepEqual(map[string][]int{"a": {1}}, map[string][]int{"a": {1}}), reflect.DeepEqual(t, T{}))
	fmt.Println(reflect.TypeOf(3) == reflect.TypeOf(4), reflect.TypeOf(3) == reflect.TypeOf("x"))
	var st Stringer
	fmt.Println(reflect.TypeOf(&st).Elem().Kind(), reflect.TypeOf(&st).Elem())
	fmt.Println(reflect.TypeOf(&t).Kind(), reflect.TypeOf(&t).Elem().Name(), reflect.TypeOf(&t).NumMethod())
	fmt.Println(reflect.TypeOf([]string{}).Elem(), reflect.TypeOf(map[int]bool{}).Key(), reflect.TypeOf([3]int{}).Len())
	fmt.Println(reflect.Zero(rt).Interface().(T).Age, reflect.New(rt).Elem().Field(1))
	x := 3.5
	reflect.ValueOf(&x).Elem().SetFloat(1.25)
	fmt.Println(x, reflect.ValueOf(x).Kind() == reflect.Float64)
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		reflect.ValueOf(3).SetInt(4)
	}()
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		reflect.ValueOf("s").Int()
	}()
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		reflect.ValueOf(t).Field(2).Interface()
	}()
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		var v reflect.Value
		v.Int()
	}()
	it := reflect.ValueOf(map[string]int{"k": 9}).MapRange()
	for it.Next() {
		fmt.Println(it.Key(), it.Value())
	}
	fmt.Println(reflect.ValueOf(42), reflect.ValueOf("str"), reflect.ValueOf(t.In))
	fmt.Printf("%v %d %s\n", reflect.ValueOf(42), reflect.ValueOf(7), reflect.ValueOf("z"))
	var e error
	fmt.Println(reflect.TypeOf(e), reflect.ValueOf(e).IsValid(), reflect.ValueOf(nil).Kind())
	fmt.Println(reflect.TypeOf(fmt.Println), reflect.TypeOf(fmt.Println).NumIn(), reflect.TypeOf(fmt.Println).IsVariadic())
	b := []byte("hey")
	fmt.Println(string(reflect.ValueOf(b).Bytes()), reflect.ValueOf(t).Field(7).Int(), reflect.ValueOf(uint8(200)).Uint())
	var i8 int8
	reflect.ValueOf(&i8).Elem().SetInt(300)
	fmt.Println(i8, reflect.ValueOf(i8).OverflowInt(300), reflect.ValueOf(T{}).IsZero(), reflect.ValueOf(t).IsZero())
}
