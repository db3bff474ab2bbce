package main

type Pair[K comparable, V any] struct {
	k K
	v V
}

func main() {
	var q Pair[int]
	_ = q
}
