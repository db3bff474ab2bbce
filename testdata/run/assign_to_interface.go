package main

// Values assigned to interface-typed variables by the forms that produce
// several values: comma-ok (map index, type assertion, receive, also in
// select), range with `=`, and a map of struct values read and compared
// (its result is a fresh zero struct when the key is absent).

import "fmt"

type B bool

type S interface{ String() string }

type N int

func (n N) String() string { return fmt.Sprint("N", int(n)) }

type P struct {
	x int
	y string
}

func RangeAny[V any](xs []V) (k, v any) {
	for k, v = range xs {
	}
	return
}

func main() {
	m := map[int]string{1: "x"}
	var v, ok any
	v, ok = m[1]
	fmt.Printf("%T %T %v %v\n", v, ok, v, ok)
	var e any = 3
	v, ok = e.(int)
	fmt.Printf("%T %T %v %v\n", v, ok, v, ok)
	c := make(chan string, 2)
	c <- "a"
	c <- "b"
	v, ok = <-c
	fmt.Printf("%T %T %v %v\n", v, ok, v, ok)
	select {
	case v, ok = <-c:
		fmt.Printf("%T %T %v %v\n", v, ok, v, ok)
	}
	var x, y any = m[2]
	fmt.Printf("%T %q %T %v\n", x, x, y, y)
	var p, q any = any(nil).(bool)
	fmt.Println(p, q)
	var bb B
	var w any
	w, bb = m[2]
	fmt.Printf("%T %q %T %v\n", w, w, bb, bb)
	arr := []any{nil, nil}
	arr[0], arr[1] = m[1]
	fmt.Println(arr...)
	st := struct{ A, B any }{}
	st.A, st.B = any(3).(int)
	fmt.Printf("%+v\n", st)
	mm := map[string]any{}
	mm["v"], mm["ok"] = m[1]
	fmt.Println(mm)

	var k any
	for k, v = range []string{"a", "b"} {
	}
	fmt.Printf("%T %v %T %v\n", k, k, v, v)
	for k, v = range [2]P{{1, "p"}, {2, "q"}} {
	}
	fmt.Printf("%T %v %T %v\n", k, k, v, v)
	for k, v = range map[int]bool{7: true} {
	}
	fmt.Printf("%T %v %T %v\n", k, k, v, v)
	for k, v = range "hé" {
	}
	fmt.Printf("%T %v %T %v\n", k, k, v, v)
	nc := make(chan N, 1)
	nc <- 3
	close(nc)
	var s S
	for s = range nc {
	}
	fmt.Println(s)
	var pair [2]any
	for pair[0], pair[1] = range []int{5} {
	}
	fmt.Println(pair)
	k, v = RangeAny([]float64{1.5})
	fmt.Printf("%T %v %T %v\n", k, k, v, v)

	sm := map[P]P{}
	px := P{1, "a"}
	sm[px] = px
	fmt.Println(sm[px] == px, sm[P{}] == P{}, sm[P{2, ""}] != px)
	var nilm map[int][2]int
	fmt.Println(nilm[3] == [2]int{})
}
