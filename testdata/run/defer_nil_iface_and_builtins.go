package main

import "fmt"

type I interface{ M() }

type T struct{ name string }

func (t T) M() { fmt.Println("M of", t.name) }

func try(name string, f func()) {
	defer func() { fmt.Println(name, "->", recover()) }()
	f()
}

func main() {
	// `defer i.M()` and `go i.M()` evaluate the method value i.M at the
	// statement: a nil interface panics there, before anything after it.
	try("defer nil", func() {
		var i I
		defer i.M()
		fmt.Println("not reached")
	})
	try("go nil", func() {
		var i I
		go i.M()
		fmt.Println("not reached")
	})
	try("defer set", func() {
		var i I = T{"a"}
		defer i.M()
		i = T{"b"} // the receiver was evaluated at the defer
		fmt.Println("body runs first")
	})
	// A nil func value panics when the deferred call runs, not before.
	try("defer nil func", func() {
		var f func()
		defer f()
		fmt.Println("body runs")
	})
	// Builtins can be deferred.
	dst := make([]int, 3)
	func() {
		src := []int{7, 8, 9, 10}
		defer copy(dst, src)
		src[0] = 1 // arguments were evaluated at the defer, not the contents
	}()
	fmt.Println(dst)
	b := make([]byte, 2)
	func() { defer copy(b, "hi!") }()
	fmt.Println(string(b))
}
