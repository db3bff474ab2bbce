package main

func main() {
	x := 1
	println(x << -1)
}
