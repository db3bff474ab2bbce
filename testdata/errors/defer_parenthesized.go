package main

func main() {
	defer (recover())
}
