package main

func main() {
	var f float64 = 1 + 2i
	_ = f
}
