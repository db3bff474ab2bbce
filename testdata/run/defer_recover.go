package main

import (
	"errors"
	"fmt"
)

func try(name string, f func()) {
	defer func() {
		r := recover()
		if err, ok := r.(error); ok {
			fmt.Printf("%s: recovered error %v\n", name, err)
			return
		}
		fmt.Printf("%s: recovered %v (%T)\n", name, r, r)
	}()
	f()
	fmt.Println(name, "finished normally")
}

type custom struct{ code int }

func main() {
	try("none", func() {})
	try("string", func() { panic("plain string") })
	try("error", func() { panic(errors.New("an error")) })
	try("int", func() { panic(42) })
	try("custom", func() { panic(custom{7}) })
	try("index", func() {
		s := []int{1}
		i := 5
		_ = s[i]
	})
	try("nilmap", func() {
		var m map[string]int
		m["a"] = 1
	})
	try("div", func() {
		a, b := 1, 0
		fmt.Println(a / b)
	})
	try("nilptr", func() {
		var p *custom
		fmt.Println(p.code)
	})
	try("assert", func() {
		var x interface{} = "s"
		_ = x.(int)
	})
	try("conversion", func() {
		s := []int{1, 2}
		j := 3
		_ = s[1:j]
	})
	fmt.Println("main continues")
	fmt.Println(recover())
}
