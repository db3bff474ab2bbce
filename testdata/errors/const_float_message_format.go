package main

func main() {
	var h int = 1e6 + 0.5
	_ = h
}
