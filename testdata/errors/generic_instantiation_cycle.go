package main

import "fmt"

// Each instance of f instantiates f with a bigger type argument (f[int],
// f[*int], f[**int], ...): types2 refuses it before anything runs.
func f[T any]() { f[*T]() }

func main() {
	f[int]()
	fmt.Println("unreachable")
}
