package main

import (
	"errors"
	"fmt"
	"reflect"
	"sort"
)

// Conversions of small values to interfaces: equal values of one type
// compare equal, values of different types never do, and no conversion
// can change another's value.

type Square struct{ S int }

func (s Square) Area() int { return s.S * s.S }

// Grow changes its own copy of the receiver only.
func (s Square) Grow() int { s.S++; return s.S }

type Celsius struct{ Deg int8 }

type Flag bool

type Shape interface{ Area() int }

type code int

func (c code) Error() string { return fmt.Sprintf("code %d", int(c)) }

func main() {
	var xs []any
	for i := 0; i < 4; i++ {
		xs = append(xs, i, int8(i), uint(i), Flag(i%2 == 0), Square{i}, Celsius{int8(i)}, "", 0.0, []int(nil))
	}
	same, differ := 0, 0
	for i := range xs {
		for j := range xs {
			ti, tj := reflect.TypeOf(xs[i]), reflect.TypeOf(xs[j])
			if ti.Comparable() && tj.Comparable() {
				if xs[i] == xs[j] {
					same++
				} else {
					differ++
				}
			}
		}
	}
	fmt.Println("pairs equal:", same, "different:", differ)

	// The original changes; the interface keeps the value it was given.
	sq := Square{5}
	var s Shape = sq
	sq.S = 6
	fmt.Println(s.Area(), sq.Area(), s.(Square).Grow(), s.(Square).Grow(), s)
	t := s.(Square)
	t.S = 9
	fmt.Println(s, t)

	// Interface keys of a map: one entry per (type, value).
	m := map[any]int{}
	for i := 0; i < 300; i++ {
		m[i%7]++
		m[int64(i%7)]++
		m[Square{i % 7}]++
		m[Celsius{int8(i % 3)}]++
	}
	keys := make([]string, 0, len(m))
	for k, v := range m {
		keys = append(keys, fmt.Sprintf("%T(%v)=%d", k, k, v))
	}
	sort.Strings(keys)
	fmt.Println(len(m), keys)

	// reflect sees the value and cannot change it.
	v := reflect.ValueOf(any(Square{3}))
	fmt.Println(v.Field(0).Int(), v.Field(0).CanSet(), v.Kind())
	p := reflect.New(reflect.TypeOf(Square{})).Elem()
	p.Field(0).SetInt(4)
	fmt.Println(p.Interface(), p.Interface() == any(Square{4}))

	// Errors of a small integer type.
	var e error = code(3)
	fmt.Println(e, errors.Is(e, code(3)), errors.Is(e, code(4)), e == error(code(3)))

	// Uncomparable values still panic when compared, even when equal.
	defer func() { fmt.Println("recovered:", recover()) }()
	var a, b any = []int(nil), []int(nil)
	fmt.Println(a == b)
}
