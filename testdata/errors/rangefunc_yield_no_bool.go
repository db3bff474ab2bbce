package main

func main() {
	var f func(func() ); for range f {}
}
