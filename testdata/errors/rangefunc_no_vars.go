package main

func main() {
	var f func(func() bool); for x := range f { _ = x }
}
