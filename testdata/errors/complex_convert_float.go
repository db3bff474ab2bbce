package main

func main() {
	var c complex128
	_ = float64(c)
}
