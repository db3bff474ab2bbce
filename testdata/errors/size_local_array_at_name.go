package main

func main() {
	var b [1 << 62]int64
	_ = b
}
