// An empty struct tag is no tag: the types are identical, for the
// compiler, for reflect and for type assertions.
package main

import (
	"fmt"
	"reflect"
)

type A struct {
	X int ""
	Y int `json:"y"`
}

func main() {
	a := &struct{ x int }{}
	b := &struct{ x int "" }{}
	a = b
	fmt.Println(reflect.TypeOf(b).Elem() == reflect.TypeOf(a).Elem(), a)
	f, _ := reflect.TypeOf(A{}).FieldByName("X")
	fmt.Printf("%q %q %v\n", f.Tag, reflect.TypeOf(A{}).Field(1).Tag, reflect.TypeOf(b))
	var i any = struct{ x int "" }{}
	_, ok := i.(struct{ x int })
	fmt.Println(ok)
}
