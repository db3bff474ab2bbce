package main

import "fmt"

type MyErr struct{ msg string }

func (e *MyErr) Error() string {
	if e == nil {
		return "nil *MyErr"
	}
	return e.msg
}

func mayFail(fail bool) error {
	var p *MyErr
	if fail {
		p = &MyErr{"failed"}
	}
	return p // non-nil interface holding nil pointer!
}

func correct(fail bool) error {
	if fail {
		return &MyErr{"failed"}
	}
	return nil
}

func main() {
	e1 := mayFail(false)
	fmt.Println(e1 == nil, e1)
	e2 := correct(false)
	fmt.Println(e2 == nil, e2)
	e3 := mayFail(true)
	fmt.Println(e3 == nil, e3)
	var p *MyErr
	var i interface{} = p
	fmt.Println(p == nil, i == nil, i.(*MyErr) == nil)
	fmt.Printf("%T %v\n", i, i)
	var i2 interface{}
	fmt.Printf("%T %v\n", i2, i2)
	var s fmt.Stringer
	fmt.Println(s == nil)
	var a, b interface{} = 1, 1.0
	fmt.Println(a == b, a == 1, b == 1.0)
	var c, d interface{} = "x", "x"
	fmt.Println(c == d)
	var m map[string]int
	var im interface{} = m
	fmt.Println(im == nil, m == nil)
}
