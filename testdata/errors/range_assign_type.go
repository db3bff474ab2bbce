package main

func main() {
	var f func(func(int, string) bool); var x int; for _, x = range f {}; _ = x
}
