package main

func main() {
	s := 2
	var f float64 = 1 << s
	println(f)
}
