// reflect.Value.Convert across Go's conversion rules, CanConvert, the
// Can*/Overflow predicates, Clear, Seq/Seq2, VisibleFields and
// FieldByIndexErr; and reflect setters rounding complex64 as Go stores it.
package main

import (
	"fmt"
	"math"
	"reflect"
)

type Celsius float64
type MyInt int8
type Bytes []byte
type Runes []rune
type P struct {
	X, Y int `json:"x"`
}
type Q struct {
	X, Y int
}
type Named string
type Stringer interface{ String() string }

func (n Named) String() string { return "named:" + string(n) }

type Inner struct {
	A, B int
}
type Middle struct {
	Inner
	B string
	C bool
}
type Outer struct {
	*Middle
	Inner2 Inner
	C      float64
	d      int
}

func try(name string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Println(name, "panic:", r)
		}
	}()
	f()
}

func show(v reflect.Value) {
	fmt.Printf("%v %s %v\n", v.Type(), v.Kind(), v.Interface())
}

func main() {
	mapIterLive()
	show(reflect.ValueOf(300).Convert(reflect.TypeOf(MyInt(0))))
	show(reflect.ValueOf(-1).Convert(reflect.TypeOf(uint16(0))))
	show(reflect.ValueOf(3.99).Convert(reflect.TypeOf(0)))
	show(reflect.ValueOf(-3.99).Convert(reflect.TypeOf(int32(0))))
	show(reflect.ValueOf(uint64(1<<63)).Convert(reflect.TypeOf(0.0)))
	show(reflect.ValueOf(0.1).Convert(reflect.TypeOf(float32(0))))
	show(reflect.ValueOf(float32(0.1)).Convert(reflect.TypeOf(0.0)))
	show(reflect.ValueOf(36.6).Convert(reflect.TypeOf(Celsius(0))))
	show(reflect.ValueOf(complex(0.1, 0.2)).Convert(reflect.TypeOf(complex64(0))))
	show(reflect.ValueOf(65).Convert(reflect.TypeOf("")))
	show(reflect.ValueOf(-1).Convert(reflect.TypeOf("")))
	show(reflect.ValueOf(uint(0x10FFFF + 1)).Convert(reflect.TypeOf("")))
	show(reflect.ValueOf("héllo").Convert(reflect.TypeOf([]byte(nil))))
	show(reflect.ValueOf("héllo").Convert(reflect.TypeOf(Runes(nil))))
	show(reflect.ValueOf(Bytes("abc")).Convert(reflect.TypeOf("")))
	show(reflect.ValueOf([]rune{'g', 'ö'}).Convert(reflect.TypeOf(Named(""))))
	show(reflect.ValueOf(Named("n")).Convert(reflect.TypeOf((*Stringer)(nil)).Elem()))
	show(reflect.ValueOf(Named("n")).Convert(reflect.TypeOf((*any)(nil)).Elem()))

	p := P{1, 2}
	q := reflect.ValueOf(p).Convert(reflect.TypeOf(Q{}))
	show(q)
	pp := reflect.ValueOf(&p).Convert(reflect.TypeOf(&Q{}))
	pp.Elem().Field(0).SetInt(10)
	fmt.Println(p, pp.Type())
	addr := reflect.ValueOf(&p).Elem()
	c := addr.Convert(reflect.TypeOf(Q{}))
	addr.Field(1).SetInt(99)
	fmt.Println(c.Interface(), p, c.CanSet(), c.CanAddr())

	s := []int{1, 2, 3, 4}
	arr := reflect.ValueOf(s).Convert(reflect.TypeOf([3]int{}))
	ap := reflect.ValueOf(s).Convert(reflect.TypeOf((*[2]int)(nil)))
	ap.Elem().Index(0).SetInt(7)
	fmt.Println(arr.Interface(), ap.Elem().Interface(), s)
	fmt.Println(reflect.ValueOf(s).CanConvert(reflect.TypeOf([5]int{})), reflect.ValueOf(s).CanConvert(reflect.TypeOf([4]int{})))
	try("short", func() { reflect.ValueOf(s).Convert(reflect.TypeOf([5]int{})) })
	try("shortp", func() { reflect.ValueOf(s).Convert(reflect.TypeOf((*[9]int)(nil))) })
	try("bad", func() { reflect.ValueOf("x").Convert(reflect.TypeOf(0)) })
	try("bad2", func() { reflect.ValueOf(p).Convert(reflect.TypeOf(Inner{})) })

	for _, t := range []reflect.Type{reflect.TypeOf(0), reflect.TypeOf(""), reflect.TypeOf(P{}), reflect.TypeOf(Q{}), reflect.TypeOf([]byte(nil)), reflect.TypeOf(complex64(0)), reflect.TypeOf([2]int{}), reflect.TypeOf((*[2]int)(nil)), reflect.TypeOf(make(chan int)), reflect.TypeOf(make(<-chan int))} {
		fmt.Print(t, ":")
		for _, u := range []reflect.Type{reflect.TypeOf(uint8(0)), reflect.TypeOf(""), reflect.TypeOf(Q{}), reflect.TypeOf(complex128(0)), reflect.TypeOf([]int(nil)), reflect.TypeOf(make(<-chan int))} {
			fmt.Print(" ", t.ConvertibleTo(u), t.AssignableTo(u))
		}
		fmt.Println()
	}

	for _, v := range []any{1, uint8(1), 1.5, complex64(1), "s", nil} {
		rv := reflect.ValueOf(v)
		fmt.Println(rv.CanInt(), rv.CanUint(), rv.CanFloat(), rv.CanComplex())
	}
	c64 := reflect.ValueOf(complex64(0))
	fmt.Println(c64.OverflowComplex(complex(1e39, 0)), c64.OverflowComplex(complex(1, 1e38)), reflect.ValueOf(0i).OverflowComplex(complex(1e300, 0)))
	var cx complex64
	reflect.ValueOf(&cx).Elem().SetComplex(complex(0.1, 0.2))
	fmt.Println(complex128(cx), cx == complex64(complex(0.1, 0.2)))

	m := map[string]int{"a": 1, "b": 2}
	reflect.ValueOf(m).Clear()
	sl := []string{"x", "y"}
	reflect.ValueOf(sl).Clear()
	fmt.Printf("%v %q\n", m, sl)
	try("clear", func() { reflect.ValueOf(3).Clear() })

	for v := range reflect.ValueOf(int8(3)).Seq() {
		fmt.Print(v.Type(), "=", v.Int(), " ")
	}
	for i, r := range reflect.ValueOf("aé").Seq2() {
		fmt.Print(i.Int(), ":", string(rune(r.Int())), " ")
	}
	for i, x := range reflect.ValueOf([]string{"p", "q"}).Seq2() {
		fmt.Print(i, x, " ")
	}
	for i := range reflect.ValueOf(&[3]int{}).Seq() {
		fmt.Print(i.Int(), " ")
	}
	n := 0
	for range reflect.ValueOf(map[int]bool{1: true, 2: false}).Seq() {
		n++
	}
	fmt.Println(n)

	for _, f := range reflect.VisibleFields(reflect.TypeOf(Outer{})) {
		fmt.Println(f.Name, f.Index, f.Type, f.Anonymous, f.IsExported())
	}
	o := Outer{}
	_, err := reflect.ValueOf(o).FieldByIndexErr([]int{0, 0, 1})
	fmt.Println(err)
	o.Middle = &Middle{Inner: Inner{5, 6}}
	f, err := reflect.ValueOf(o).FieldByIndexErr([]int{0, 0, 1})
	fmt.Println(f.Int(), err)
	fmt.Println(reflect.ValueOf(o).FieldByNameFunc(func(s string) bool { return s == "A" }))
}

func init() {
	// fmt and reflect.Value operands: printed as the value held, but %T
	// is reflect.Value, Print spaces them as non-strings, and inside a
	// slice they print as Value.String does.
	v := reflect.ValueOf("p")
	fmt.Printf("%T %v %q %d %T\n", v, v, v, reflect.ValueOf(42), reflect.Value{})
	fmt.Print(reflect.ValueOf(1), reflect.ValueOf("s"), 2, "\n")
	fmt.Println(fmt.Sprint("a", reflect.ValueOf("b"), "c"), reflect.Value{})
	fmt.Printf("%v %s\n", []reflect.Value{reflect.ValueOf(1), reflect.ValueOf("x"), {}}, []reflect.Value{reflect.ValueOf(2.5)})
}

// MapIter walks the live map as range does, and Clear needs no settable
// Value and removes NaN keys, which no delete can name.
func mapIterLive() {
	m := map[int]int{}
	for i := 0; i < 200; i++ {
		m[i] = i
	}
	it := reflect.ValueOf(m).MapRange()
	seen, bad := 0, 0
	for it.Next() {
		k := int(it.Key().Int())
		if seen == 0 {
			// Every other entry not yet reached is deleted: none of
			// them may be produced.
			for j := 0; j < 200; j++ {
				if j != k {
					delete(m, j)
				}
			}
			m[k] = -1
		}
		if it.Value().Int() != -1 {
			bad++
		}
		seen++
	}
	fmt.Println("live iteration:", seen, bad, len(m))
	nan := map[float64]int{math.NaN(): 1, math.NaN(): 2, 1: 3}
	for i := 0; i < 300; i++ {
		nan[math.NaN()] = i
	}
	it = reflect.ValueOf(nan).MapRange()
	n := 0
	for it.Next() {
		if n == 6 {
			reflect.ValueOf(nan).Clear()
		}
		n++
	}
	fmt.Println("clear during MapRange:", n, len(nan))
	type hidden struct {
		m map[string]int
		s []int
	}
	h := hidden{map[string]int{"a": 1}, []int{1, 2}}
	reflect.ValueOf(h).Field(0).Clear()
	reflect.ValueOf(h).Field(1).Clear()
	fmt.Println(h.m, h.s)
	var z reflect.MapIter
	try("zero MapIter", func() { z.Next() })
	it = reflect.ValueOf(map[int]int{1: 2}).MapRange()
	try("Key before Next", func() { it.Key() })
	for it.Next() {
	}
	try("Value after end", func() { it.Value() })
	try("Next after end", func() { it.Next() })
}
