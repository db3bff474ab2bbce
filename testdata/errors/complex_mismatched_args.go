package main

func main() {
	var a float64
	var b float32
	_ = complex(a, b)
}
