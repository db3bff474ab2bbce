package main

import "fmt"

var a = b + 1
var b = f("b")
var c = f("c")

func f(name string) int {
	fmt.Println("init var", name)
	return len(name) * 10
}

func init() {
	fmt.Println("init 1: a =", a, "b =", b)
	a = 100
}

func init() {
	fmt.Println("init 2: a =", a)
}

func main() {
	fmt.Println("main: a, b, c =", a, b, c)
}
