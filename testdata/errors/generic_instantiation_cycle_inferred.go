package main

import "fmt"

// The growing type argument is inferred (T, then *T, then **T, ...).
func f[T any](x T, n int) {
	if n > 0 {
		f(&x, n-1)
	}
}

func main() {
	f(1, 3)
	fmt.Println("done")
}
