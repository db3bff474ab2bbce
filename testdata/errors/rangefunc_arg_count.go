package main

func main() {
	var f func(); for range f {}
}
