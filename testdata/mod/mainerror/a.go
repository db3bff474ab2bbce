package main

func main() {
	f()
}
