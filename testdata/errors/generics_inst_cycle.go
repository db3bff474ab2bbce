package main

type T[P any] struct{ x *T[[]P] }

func main() {
	var t T[int]
	_ = t
}
