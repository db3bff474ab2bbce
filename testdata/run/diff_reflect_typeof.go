package main

import (
	"encoding/json"
	"fmt"
	"reflect"
)

type T struct {
	A int
	B string
}

type Cfg struct {
	M  map[string][]int
	P  map[string]*T
	Q  []map[string]float64
	R  [2][]string
	S  map[int]map[string]bool
	PP **T
}

func main() {
	var c Cfg
	err := json.Unmarshal([]byte(`{"M":{"a":[1,2],"b":[]},"P":{"x":{"A":1,"B":"b"},"y":null},"Q":[{"z":1.5}],"R":[["a"],["b","c"]],"S":{"1":{"t":true}},"PP":{"A":7}}`), &c)
	fmt.Println(err)
	fmt.Println(c.M, len(c.P), *c.P["x"], c.P["y"], c.Q, c.R, c.S, **c.PP)
	var m map[string][]int
	fmt.Println(json.Unmarshal([]byte(`{"k":[3]}`), &m), m)
	var anyv any
	fmt.Println(json.Unmarshal([]byte(`{"k":[3, {"a": null}]}`), &anyv), anyv)

	it := reflect.TypeOf(0)
	st := reflect.TypeOf("")
	for _, t := range []reflect.Type{
		reflect.SliceOf(it), reflect.SliceOf(reflect.SliceOf(st)), reflect.MapOf(st, reflect.SliceOf(it)),
		reflect.PointerTo(reflect.SliceOf(it)), reflect.ArrayOf(3, it), reflect.ChanOf(reflect.BothDir, it),
		reflect.ChanOf(reflect.RecvDir, st), reflect.ChanOf(reflect.SendDir, it),
		reflect.ChanOf(reflect.BothDir, reflect.ChanOf(reflect.RecvDir, it)),
		reflect.FuncOf([]reflect.Type{it, reflect.SliceOf(st)}, []reflect.Type{st}, true),
		reflect.FuncOf(nil, []reflect.Type{st, it}, false),
		reflect.FuncOf(nil, nil, false),
		reflect.PointerTo(reflect.TypeOf(T{})),
		reflect.PointerTo(reflect.PointerTo(reflect.TypeOf(T{}))),
		reflect.StructOf([]reflect.StructField{{Name: "X", Type: it, Tag: `json:"x"`}, {Name: "Y", Type: reflect.SliceOf(st)}}),
	} {
		fmt.Println(t, t.Kind(), t.Name() == "", t.Size(), t.Comparable())
	}
	fmt.Println(reflect.SliceOf(it) == reflect.TypeOf([]int{}), reflect.SliceOf(reflect.TypeOf(uint16(0))) == reflect.SliceOf(reflect.TypeOf(uint16(0))))
	fmt.Println(reflect.ChanOf(reflect.RecvDir, st).ChanDir(), reflect.TypeOf(make(chan int)).ChanDir())
	fmt.Println(reflect.FuncOf([]reflect.Type{it, reflect.SliceOf(st)}, nil, true).IsVariadic())

	// Values of made types.
	s := reflect.MakeSlice(reflect.SliceOf(reflect.TypeOf(int8(0))), 2, 5)
	s.Index(1).SetInt(-3)
	s = reflect.Append(s, reflect.ValueOf(int8(9)))
	fmt.Println(s.Interface(), s.Len(), s.Cap(), s.Type())
	fmt.Printf("%T %v\n", s.Interface(), s.Interface())
	mm := reflect.MakeMap(reflect.MapOf(st, reflect.SliceOf(reflect.TypeOf(1.5))))
	mm.SetMapIndex(reflect.ValueOf("a"), reflect.ValueOf([]float64{1, 2}))
	fmt.Printf("%T %v\n", mm.Interface(), mm.Interface())
	p := reflect.New(reflect.ArrayOf(3, reflect.TypeOf(uint16(0))))
	p.Elem().Index(2).SetUint(7)
	fmt.Printf("%T %v\n", p.Interface(), p.Elem().Interface())
	sv := reflect.New(reflect.StructOf([]reflect.StructField{{Name: "Name", Type: st, Tag: `json:"name"`}, {Name: "Age", Type: it}})).Elem()
	sv.Field(0).SetString("bob")
	sv.Field(1).SetInt(4)
	fmt.Printf("%T\n%v\n%+v\n", sv.Interface(), sv.Interface(), sv.Interface())
	b, err := json.Marshal(sv.Addr().Interface())
	fmt.Println(string(b), err)
	x := sv.Interface()
	switch v := x.(type) {
	case fmt.Stringer:
		fmt.Println("stringer", v)
	default:
		fmt.Println("default")
	}
	pt := reflect.New(reflect.TypeOf(T{}))
	fmt.Printf("%T %+v\n", pt.Interface(), pt.Interface())
	ppt := reflect.New(reflect.PointerTo(reflect.TypeOf(T{})))
	fmt.Printf("%T %v\n", ppt.Interface(), ppt.Elem().IsNil())
	func() {
		defer func() { fmt.Println(recover()) }()
		reflect.MapOf(reflect.SliceOf(it), it)
	}()
	func() {
		defer func() { fmt.Println(recover()) }()
		reflect.ArrayOf(-1, it)
	}()
	func() {
		defer func() { fmt.Println(recover()) }()
		reflect.FuncOf([]reflect.Type{it}, nil, true)
	}()
	func() {
		defer func() { fmt.Println(recover()) }()
		reflect.ChanOf(0, it)
	}()
	func() {
		defer func() { fmt.Println(recover()) }()
		reflect.StructOf([]reflect.StructField{{Name: "a", Type: it}})
	}()
	func() {
		defer func() { fmt.Println(recover()) }()
		reflect.StructOf([]reflect.StructField{{Name: "A", Type: it}, {Name: "A", Type: st}})
	}()
	func() {
		defer func() { fmt.Println(recover()) }()
		reflect.StructOf([]reflect.StructField{{Name: "1x", Type: it}})
	}()
	fmt.Println(reflect.ChanDir(5), reflect.BothDir)
}
