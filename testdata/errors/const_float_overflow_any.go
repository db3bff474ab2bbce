package main

func main() {
	var x any = 1e400
	_ = x
}
