package main

import "fmt"

// f and g instantiate each other, and the type argument grows on the way.
func f[T any](n int) {
	if n > 0 {
		g[[]T](n - 1)
	}
}

func g[U any](n int) {
	f[U](n)
}

func main() {
	f[int](3)
	fmt.Println("done")
}
