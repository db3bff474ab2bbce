package main

func main() {
	var x interface{} = 1
	println(x + 1)
}
