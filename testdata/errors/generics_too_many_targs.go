package main

func Map[T, U any](xs []T, f func(T) U) []U { return nil }

func main() {
	_ = Map[int, string, bool]
}
