package main

func main() {
	var f func(func(int) bool) int; for range f {}
}
