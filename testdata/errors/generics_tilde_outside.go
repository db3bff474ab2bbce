package main

func main() {
	var x interface{ ~int }
	_ = x
}
