package main

import "fmt"

type T int

func (t *T) Inc()    { *t++ }
func (t T) Get() int { return int(t) }

type S struct {
	name string
	T
}

type PS struct {
	*T
}

type Outer struct {
	S
	tag int
}

type Getter interface{ Get() int }
type Incer interface {
	Inc()
	Get() int
}

type Box struct{ v int }

func (b Box) Val() int   { return b.v }
func (b *Box) Set(v int) { b.v = v }

type N int

func (n N) Get() int { return int(n) }

func main() {
	// Pointer-receiver method promoted through an embedded named int,
	// called through an interface.
	var i Incer = &S{"a", 42}
	i.Inc()
	fmt.Println("iface:", i.Get())

	s := S{"b", 7}
	s.Inc()
	f := s.Inc // method value: binds &s.T
	f()
	g := s.Get // binds a copy of s.T
	s.Inc()
	fmt.Println("direct:", s.Get(), g())

	// Method expressions, value and pointer receivers, promoted.
	(*S).Inc(&s)
	fmt.Println("mexpr:", S.Get(s), (*S).Get(&s))
	n := N(7)
	fmt.Println("(*N).Get:", (*N).Get(&n), N.Get(n))
	h := (*N).Get
	n = 9
	fmt.Println("stored:", h(&n))

	// Embedded pointer.
	t := T(3)
	ps := PS{&t}
	ps.Inc()
	var gi Getter = ps
	fmt.Println("embedded ptr:", gi.Get(), t)

	// Two levels deep.
	o := &Outer{S: S{"c", 100}, tag: 1}
	var oi Incer = o
	oi.Inc()
	oi.Inc()
	fmt.Println("two levels:", o.Get(), o.S.T, oi.Get())

	// Interface method expressions and type literals.
	ge := Getter.Get
	fmt.Println("I.M:", ge(N(5)), ge(s))
	fmt.Println("struct{T}.Get:", struct{ T }.Get(struct{ T }{T(11)}))
	var bx Box
	(*Box).Set(&bx, 4)
	fmt.Println("Box:", Box.Val(bx), (*Box).Val(&bx))
	valf := Box.Val
	fmt.Println("Box value expr copies:", valf(Box{v: 8}))
}
