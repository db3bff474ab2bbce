package main

import (
	"errors"
	"fmt"
)

type MyInt int
type Pair struct{ A, B int }
type Fn func(int) string
type Iface interface{ M() }

func main() {
	vals := []interface{}{
		1, int8(1), int16(1), int32(1), int64(1), uint(1), uint8(1), uint16(1), uint32(1), uint64(1),
		1.0, float32(1), "s", 'r', byte('b'), true, nil,
		[]int{}, [3]string{}, map[string][]int{}, &Pair{}, Pair{}, MyInt(3),
		func() {}, Fn(nil), make(chan int), make(<-chan string), make(chan<- bool),
		errors.New("e"), []interface{}{}, struct{ X int }{}, [][]byte{}, map[Pair]*MyInt{},
		new(int), new([]string), func(a int, b ...string) (int, error) { return 0, nil },
	}
	for i, v := range vals {
		fmt.Printf("%2d %T\n", i, v)
	}
	var e error = fmt.Errorf("x")
	fmt.Printf("%T\n", e)
	var it Iface
	fmt.Printf("%T %v\n", it, it)
}
