package main

type T[P any] struct {
	*P
	x int
}

func main() {}
