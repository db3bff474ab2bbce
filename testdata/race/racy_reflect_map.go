// reflect's map operations and Append access memory as Go's do:
// MapIndex reads the map, SetMapIndex writes it, Append writes the new
// element (here in the array a goroutine reads).
package main

import (
	"fmt"
	"reflect"
	"time"
)

func main() {
	m := map[string]int{"a": 1}
	go func() {
		m["b"] = 2
	}()
	time.Sleep(20 * time.Millisecond)
	v := reflect.ValueOf(m).MapIndex(reflect.ValueOf("a"))
	fmt.Println(v.Int())

	m2 := map[string]int{"a": 1}
	go func() {
		_ = m2["a"]
	}()
	time.Sleep(20 * time.Millisecond)
	reflect.ValueOf(m2).SetMapIndex(reflect.ValueOf("c"), reflect.ValueOf(3))

	s := make([]int, 1, 4)
	go func() {
		s2 := s[:2]
		_ = s2[1]
	}()
	time.Sleep(20 * time.Millisecond)
	r := reflect.Append(reflect.ValueOf(s), reflect.ValueOf(7))
	fmt.Println(r.Len(), len(m2))
}
