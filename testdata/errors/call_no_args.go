package main

func area(w, h int) int { return w * h }

func main() {
	_ = area()
}
