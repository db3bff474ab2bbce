package main

import "fmt"

x := 5

func main() {
	fmt.Println("hi")
}
