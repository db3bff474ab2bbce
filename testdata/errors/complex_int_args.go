package main

func main() {
	var a int
	_ = complex(a, 1)
}
