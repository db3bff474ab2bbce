package main

import "fmt"

func greet(name string) {
	fmt.Println("hello", name)
}

func main() {
	n := 7
	greet(n)
}
