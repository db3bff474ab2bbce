package main

import (
	"fmt"
	"unsafe"
)

type Small struct {
	a bool
	b int64
	c bool
}

type Packed struct {
	a, c bool
	b    int64
}

type Inner struct {
	x int16
	y float32
}

type Outer struct {
	flag  byte
	Inner
	name  string
	items []int
	m     map[string]int
	e     error
	c     complex64
	arr   [3]int16
	p     *int
	f     func()
	ch    chan int
	z     struct{}
}

type Empty struct{}

type WithTail struct {
	n int32
	e struct{}
}

type Node struct {
	next *Node
	val  int
}

const wordBits = 8 * unsafe.Sizeof(uintptr(0))

var buf [unsafe.Sizeof(Outer{})]byte

func main() {
	var (
		b   bool
		i8  int8
		i16 int16
		i32 int32
		i64 int64
		i   int
		u   uint
		up  uintptr
		f32 float32
		f64 float64
		c64 complex64
		c   complex128
		s   string
		sl  []byte
		m   map[int]int
		ifc any
		err error
		p   *int
		fn  func(int) int
		ch  chan string
		r   rune
		arr [5]int32
		up2 unsafe.Pointer
	)
	fmt.Println("bool", unsafe.Sizeof(b), unsafe.Alignof(b))
	fmt.Println("int8", unsafe.Sizeof(i8), unsafe.Alignof(i8))
	fmt.Println("int16", unsafe.Sizeof(i16), unsafe.Alignof(i16))
	fmt.Println("int32", unsafe.Sizeof(i32), unsafe.Alignof(i32))
	fmt.Println("int64", unsafe.Sizeof(i64), unsafe.Alignof(i64))
	fmt.Println("int", unsafe.Sizeof(i), unsafe.Alignof(i))
	fmt.Println("uint", unsafe.Sizeof(u), unsafe.Alignof(u))
	fmt.Println("uintptr", unsafe.Sizeof(up), unsafe.Alignof(up))
	fmt.Println("float32", unsafe.Sizeof(f32), unsafe.Alignof(f32))
	fmt.Println("float64", unsafe.Sizeof(f64), unsafe.Alignof(f64))
	fmt.Println("complex64", unsafe.Sizeof(c64), unsafe.Alignof(c64))
	fmt.Println("complex128", unsafe.Sizeof(c), unsafe.Alignof(c))
	fmt.Println("string", unsafe.Sizeof(s), unsafe.Alignof(s))
	fmt.Println("[]byte", unsafe.Sizeof(sl), unsafe.Alignof(sl))
	fmt.Println("map", unsafe.Sizeof(m), unsafe.Alignof(m))
	fmt.Println("any", unsafe.Sizeof(ifc), unsafe.Alignof(ifc))
	fmt.Println("error", unsafe.Sizeof(err), unsafe.Alignof(err))
	fmt.Println("*int", unsafe.Sizeof(p), unsafe.Alignof(p))
	fmt.Println("func", unsafe.Sizeof(fn), unsafe.Alignof(fn))
	fmt.Println("chan", unsafe.Sizeof(ch), unsafe.Alignof(ch))
	fmt.Println("rune", unsafe.Sizeof(r), unsafe.Alignof(r))
	fmt.Println("[5]int32", unsafe.Sizeof(arr), unsafe.Alignof(arr))
	fmt.Println("unsafe.Pointer", unsafe.Sizeof(up2), unsafe.Alignof(up2))
	fmt.Println("untyped", unsafe.Sizeof(1), unsafe.Sizeof(1.5), unsafe.Sizeof("abc"), unsafe.Sizeof('x'), unsafe.Sizeof(true))

	fmt.Println("Small", unsafe.Sizeof(Small{}), unsafe.Alignof(Small{}))
	fmt.Println("Packed", unsafe.Sizeof(Packed{}), unsafe.Alignof(Packed{}))
	fmt.Println("Empty", unsafe.Sizeof(Empty{}), unsafe.Alignof(Empty{}))
	fmt.Println("WithTail", unsafe.Sizeof(WithTail{}), unsafe.Alignof(WithTail{}))
	fmt.Println("Node", unsafe.Sizeof(Node{}))
	fmt.Println("[0]int", unsafe.Sizeof([0]int{}))
	fmt.Println("[3]Small", unsafe.Sizeof([3]Small{}))

	var sm Small
	fmt.Println("Small offsets", unsafe.Offsetof(sm.a), unsafe.Offsetof(sm.b), unsafe.Offsetof(sm.c))
	var o Outer
	fmt.Println("Outer", unsafe.Sizeof(o), unsafe.Alignof(o))
	fmt.Println("Outer offsets",
		unsafe.Offsetof(o.flag),
		unsafe.Offsetof(o.Inner),
		unsafe.Offsetof(o.x),
		unsafe.Offsetof(o.y),
		unsafe.Offsetof(o.Inner.y),
		unsafe.Offsetof(o.name),
		unsafe.Offsetof(o.items),
		unsafe.Offsetof(o.m),
		unsafe.Offsetof(o.e),
		unsafe.Offsetof(o.c),
		unsafe.Offsetof(o.arr),
		unsafe.Offsetof(o.p),
		unsafe.Offsetof(o.f),
		unsafe.Offsetof(o.ch),
		unsafe.Offsetof(o.z))
	po := &o
	fmt.Println("through pointer", unsafe.Offsetof(po.name), unsafe.Offsetof((po.items)))
	fmt.Println("field align", unsafe.Alignof(o.flag), unsafe.Alignof(o.Inner), unsafe.Alignof(o.c))
	fmt.Println("field size", unsafe.Sizeof(o.Inner), unsafe.Sizeof(o.arr), unsafe.Sizeof(o.z))

	// Constant expressions.
	const total = unsafe.Sizeof(sm) + unsafe.Offsetof(sm.c)*2
	fmt.Println("const", total, wordBits, len(buf))
	var a [unsafe.Sizeof(int32(0)) * 2]string
	fmt.Println("array len", len(a))
	fmt.Printf("%T %v\n", unsafe.Sizeof(i), unsafe.Sizeof(i) == 8)
	x := unsafe.Sizeof(s) / unsafe.Sizeof(i)
	fmt.Printf("%T %v\n", x, x)
	type T = struct {
		a byte
		b [2]uint16
		c [0]int64
	}
	fmt.Println("T", unsafe.Sizeof(T{}), unsafe.Alignof(T{}))
}
