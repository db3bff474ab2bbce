package main

func main() {
	var f func(func(int) bool); for x, y := range f { _, _ = x, y }
}
