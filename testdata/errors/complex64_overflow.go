package main

func main() {
	var c complex64 = 1e300i
	_ = c
}
