package main

func main() {
	var c complex64
	var d complex128
	_ = c + d
}
