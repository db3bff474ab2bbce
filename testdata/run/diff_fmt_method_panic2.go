package main

import (
	"fmt"
	"os"
)

type T struct{ m map[string]int; p *int }

func (t T) String() string { return fmt.Sprint(*t.p) }

type Q struct{ p *int }

func (q *Q) String() string { return fmt.Sprint(*q.p) }

type I interface{ String() string }

type M map[string]int

func (m M) String() string { m["x"] = 1; return "m" }

type Sl []int

func (s Sl) String() string { return fmt.Sprint(s[5]) }

type V int

func (v V) Error() string { panic(fmt.Errorf("err %d", int(v))) }



type X struct{ a, b int }

func (x X) String() string { panic(struct{ A, B int }{1, 2}) }

func main() {
	s := fmt.Sprintf("%x", T{})
	fmt.Println(s)
	fmt.Println(fmt.Sprintf("%x|%v|%s|%d", &Q{}, &Q{}, &Q{}, &Q{}))
	var q *Q
	fmt.Println(fmt.Sprintf("%x|%v|%s|%d", q, q, q, q))
	var i I = q
	fmt.Println(fmt.Sprintf("%x|%v|%s|%d", i, i, i, i))
	var m M
	fmt.Println(fmt.Sprintf("%x|%v|%s|%d", m, m, m, m))
	var sl Sl
	fmt.Println(fmt.Sprintf("%x|%v|%s|%d", sl, sl, sl, sl))
	fmt.Println(fmt.Sprintf("%x|%v|%s|%d", V(3), V(3), V(3), V(3)))
	fmt.Println(fmt.Sprintf("%x|%v|%s|%d", X{}, X{}, X{}, X{}))
	fmt.Fprintf(os.Stdout, "%x %q\n", T{}, T{})
	fmt.Println(fmt.Sprint(T{}, q, m, sl))
	fmt.Println(fmt.Sprintln(T{}, q, m, sl))
	fmt.Printf("%v %x\n", []any{T{}, q}, []any{T{}, q})
	fmt.Printf("%08x|%-30x|%30x|\n", T{}, T{}, T{})
	fmt.Printf("%#v\n", T{})
}
