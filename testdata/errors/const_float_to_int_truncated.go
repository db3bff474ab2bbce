package main

func main() {
	var l uint8 = 1e3
	_ = l
}
