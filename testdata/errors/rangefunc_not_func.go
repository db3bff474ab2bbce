package main

func main() {
	var f func(int); for range f {}
}
