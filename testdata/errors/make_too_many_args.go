package main

import "fmt"

func main() {
	m := make(map[string]int, 1, 2)
	fmt.Println(m)
}
