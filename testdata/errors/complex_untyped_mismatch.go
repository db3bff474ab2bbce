package main

func main() {
	var x = complex(1i, 2)
	_ = x
}
