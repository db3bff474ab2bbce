package main

func main() {
	var c complex128
	_ = c < c
}
