package main

func main() {
	var f float64
	_ = real(f)
}
