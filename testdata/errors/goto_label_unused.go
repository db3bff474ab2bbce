package main

import "fmt"

func main() {
unused:
	fmt.Println("start")
}
