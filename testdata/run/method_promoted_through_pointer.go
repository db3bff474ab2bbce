package main

import "fmt"

type B struct{ n int }

func (b *B) Inc()     { b.n++ }
func (b B) Get() int  { return b.n }
func (b *B) Add(k int) { b.n += k }

type M struct{ B }

// T embeds *M: B is reached through a pointer, so T's method set has
// the pointer-receiver methods of B too.
type T struct{ *M }

type Incer interface{ Inc() }
type Adder interface {
	Add(int)
	Get() int
}

func main() {
	t := T{&M{}}
	var i Incer = t
	i.Inc()
	i.Inc()
	fmt.Println(t.n, t.Get())
	var a Adder = t
	a.Add(10)
	fmt.Println(a.Get(), t.M.B.n)
	var x interface{} = t
	_, ok := x.(Incer)
	_, ok2 := x.(interface{ Add(int) })
	fmt.Println(ok, ok2)
	type D struct{ M } // no pointer on the path: value D lacks Inc
	var y interface{} = D{}
	_, ok3 := y.(Incer)
	_, ok4 := interface{}(&D{}).(Incer)
	fmt.Println(ok3, ok4)
}
