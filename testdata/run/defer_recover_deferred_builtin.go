package main

import "fmt"

func rec() { fmt.Println("  rec got", recover() != nil) }

// `defer recover()` in the panicking function is run by the panic itself:
// it does not recover (too early).
func direct() {
	defer func() { fmt.Println("direct: outer sees", recover()) }()
	defer recover()
	panic(1)
}

// Run at the normal return of a deferred call, it recovers: the builtin is
// called by that deferred function.
func nested() {
	defer func() { fmt.Println("nested: outer sees", recover()) }()
	defer func() { defer recover() }()
	panic(2)
}

// One call further down it is too late.
func tooDeep() {
	defer func() { fmt.Println("tooDeep: outer sees", recover()) }()
	defer func() { defer func() { recover() }() }()
	panic(3)
}

func viaFunc() {
	defer func() { fmt.Println("viaFunc: outer sees", recover()) }()
	defer func() { defer rec() }()
	panic(4)
}

func inner() {
	defer func() { fmt.Println("inner: outer sees", recover()) }()
	defer func() {
		func() { defer recover() }()
	}()
	panic(5)
}

func helper() { defer recover() }

// A named deferred function whose own defer is the builtin.
func named() {
	defer func() { fmt.Println("named: outer sees", recover()) }()
	defer helper()
	panic(6)
}

func main() {
	direct()
	nested()
	tooDeep()
	viaFunc()
	inner()
	named()
}
