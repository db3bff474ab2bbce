package main

func main() {
	var i any
	println(i == 1<<64)
}
