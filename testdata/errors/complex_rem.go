package main

func main() {
	var c = 5 % 2i
	_ = c
}
