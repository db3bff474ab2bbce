package main

import "fmt"

func main() {
	count := 3
	ratio := 0.5
	fmt.Println(count * ratio)
}
