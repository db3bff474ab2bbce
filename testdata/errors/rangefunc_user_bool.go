package main

func main() {
	type B bool; var f func(func(int) B); for range f {}
}
