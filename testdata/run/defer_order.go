package main

import "fmt"

func trace(name string) func() {
	fmt.Println("enter", name)
	return func() { fmt.Println("exit", name) }
}

func nested() {
	defer trace("nested")()
	fmt.Println("in nested")
}

func loopDefer() {
	for i := 0; i < 4; i++ {
		defer fmt.Println("deferred", i)
	}
	fmt.Println("loop done")
}

func argsEvaluated() {
	x := 10
	defer fmt.Println("x at defer time:", x)
	x = 20
	defer func(v int) { fmt.Println("param v:", v, "closure x:", x) }(x)
	x = 30
}

type res struct{ name string }

func (r *res) Close() { fmt.Println("closing", r.name) }

func resources() {
	for _, n := range []string{"a", "b", "c"} {
		r := &res{n}
		defer r.Close()
	}
	fmt.Println("using resources")
}

func main() {
	defer fmt.Println("main deferred last")
	nested()
	loopDefer()
	argsEvaluated()
	resources()
	func() {
		defer fmt.Println("inner func defer")
		fmt.Println("inner func body")
	}()
	fmt.Println("main end")
}
