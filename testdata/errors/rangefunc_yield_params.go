package main

func main() {
	var f func(func(int, int, int) bool); for range f {}
}
