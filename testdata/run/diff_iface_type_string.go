package main

import (
	"fmt"
	"reflect"
)

type T struct{}

func (T) M() {}

type U struct{}

func (U) m() {}

type I interface{ m() }

func main() {
	var x any = T{}
	func() {
		defer func() { fmt.Println(recover()) }()
		_ = x.(interface{ m() })
	}()
	func() {
		defer func() { fmt.Println(recover()) }()
		_ = x.(interface {
			m()
			M()
			n(int) string
		})
	}()
	func() {
		defer func() { fmt.Println(recover()) }()
		_ = x.(I)
	}()
	var p *interface{ m() }
	var q *interface {
		M()
		m() int
	}
	fmt.Printf("%T %T\n", p, q)
	fmt.Println(reflect.TypeOf(p), reflect.TypeOf(q).Elem())
	var y any = U{}
	fmt.Println(y.(interface{ m() }) != nil)
	var s []interface{ m() }
	fmt.Printf("%T %v\n", s, reflect.TypeOf(s))
	var mp map[string]interface {
		fmt.Stringer
		m()
	}
	fmt.Printf("%T\n", mp)
	var c chan (<-chan int)
	var c2 chan<- (<-chan int)
	var c3 <-chan (<-chan int)
	var c4 chan (chan int)
	fmt.Printf("%T %T %T %T\n", c, c2, c3, c4)
	fmt.Println(reflect.TypeOf(c), reflect.TypeOf(c4))
	var st struct {
		a int
		B interface{ m() }
	}
	fmt.Printf("%T\n", st)
	fmt.Printf("%v\n", reflect.TypeOf(st))
	var fn func(interface{ m() }) interface{ M() }
	fmt.Printf("%T\n", fn)
}
