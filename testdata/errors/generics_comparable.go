package main

func Eq[T comparable](a, b T) bool { return a == b }

func main() {
	_ = Eq([]int{1}, nil)
}
