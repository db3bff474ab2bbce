// A method value from reflect (Value.Method, MethodByName, Type.Method's
// Func) is a func: Interface, TypeAssert and Convert give it, and calls
// of it reach the method with its receiver.
package main

import (
	"fmt"
	"reflect"
	"strings"
)

type Counter struct{ n int }

func (c *Counter) Add(k int) int { c.n += k; return c.n }
func (c Counter) Get() int        { return c.n }
func (c Counter) Join(sep string, parts ...string) string {
	return fmt.Sprint(c.n) + ":" + strings.Join(parts, sep)
}

type Stringer interface{ String() string }

type Name string

func (n Name) String() string { return "name " + string(n) }

type Adder func(int) int

type holder struct{ c Counter }

func main() {
	c := &Counter{}
	add := reflect.ValueOf(c).MethodByName("Add").Interface().(func(int) int)
	fmt.Println(add(2), add(3), c.n)

	get := reflect.ValueOf(*c).Method(0).Interface().(func() int)
	c.n = 100
	fmt.Println(get()) // the receiver was copied when the method value was made

	join := reflect.ValueOf(Counter{7}).MethodByName("Join").Interface().(func(string, ...string) string)
	fmt.Println(join("-", "a", "b", "c"), join("+"))

	m, _ := reflect.TypeOf(c).MethodByName("Add")
	addTo := m.Func.Interface().(func(*Counter, int) int)
	fmt.Println(addTo(c, 1), c.n)

	var s Stringer = Name("x")
	str := reflect.ValueOf(&s).Elem().Method(0).Interface().(func() string)
	fmt.Println(str())

	f, ok := reflect.TypeAssert[func(int) int](reflect.ValueOf(c).Method(0))
	fmt.Println(f(10), ok)
	_, ok = reflect.TypeAssert[func() int](reflect.ValueOf(c).Method(0))
	fmt.Println(ok)

	a := reflect.ValueOf(c).Method(0).Convert(reflect.TypeOf(Adder(nil))).Interface().(Adder)
	fmt.Println(a(1), reflect.TypeOf(a))

	fmt.Println(reflect.ValueOf(c).Method(0).Type(), reflect.ValueOf(c).Method(0).Kind())

	defer func() { fmt.Println("recovered:", recover()) }()
	h := holder{}
	reflect.ValueOf(h).Field(0).Method(0).Interface()
}
