package main

func main() {
	go len("abc")
}
