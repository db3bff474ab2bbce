package main

import (
	"fmt"
	"strings"
)

type Reader interface{ Read() string }
type Writer interface{ Write(s string) int }
type ReadWriter interface {
	Reader
	Writer
}

type Buffer struct{ data []string }

func (b *Buffer) Write(s string) int {
	b.data = append(b.data, s)
	return len(s)
}

func (b *Buffer) Read() string {
	if len(b.data) == 0 {
		return ""
	}
	s := b.data[0]
	b.data = b.data[1:]
	return s
}

type Upper struct{ ReadWriter }

func (u Upper) Read() string { return strings.ToUpper(u.ReadWriter.Read()) }

func copyAll(dst Writer, src Reader) int {
	n := 0
	for s := src.Read(); s != ""; s = src.Read() {
		n += dst.Write(s)
	}
	return n
}

func main() {
	src := &Buffer{}
	var w Writer = src
	w.Write("hello")
	w.Write("world")
	var rw ReadWriter = src
	r := Reader(rw)
	_ = r
	up := Upper{&Buffer{data: []string{"abc", "def"}}}
	dst := &Buffer{}
	n := copyAll(dst, up)
	fmt.Println(n, dst.data)
	n = copyAll(dst, src)
	fmt.Println(n, dst.data)
	var x interface{} = dst
	if rw2, ok := x.(ReadWriter); ok {
		fmt.Println("is ReadWriter", rw2.Read())
	}
	if _, ok := x.(fmt.Stringer); !ok {
		fmt.Println("not a Stringer")
	}
	fmt.Printf("%T\n", up.ReadWriter)
}
