package main

import "fmt"

func f() (r []int) {
	dst := make([]int, 3)
	src := []int{1, 2, 3}
	defer copy(dst, src)
	src = []int{7, 8, 9}
	defer fmt.Println("dst at defer time:", dst)
	return dst
}

func g() {
	m := map[string]int{"a": 1, "b": 2}
	defer fmt.Println(m)
	defer delete(m, "a")
	m2 := map[int]bool{1: true}
	defer fmt.Println("m2 after clear:", m2, len(m2))
	defer clear(m2)
	ch := make(chan int, 1)
	defer close(ch)
	defer print("print\n")
	defer println("println", 1, true)
	x := []int{1, 2}
	defer fmt.Println(x)
	defer clear(x)
	defer fmt.Println(len(x))
	_ = x
}

func h() {
	defer func() { fmt.Println("recovered:", recover()) }()
	defer panic("deferred panic")
	fmt.Println("in h")
}

func k() {
	defer recover()
	panic("not recovered by direct defer recover")
}

func main() {
	fmt.Println(f())
	g()
	h()
	done := make(chan bool)
	go close(done)
	<-done
	defer func() { fmt.Println("main recovered:", recover()) }()
	k()
}
