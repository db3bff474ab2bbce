package main

import "fmt"

func get(s []int, i int) int {
	fmt.Println("get index", i)
	return s[i]
}

func main() {
	s := []int{10, 20, 30}
	total := 0
	for i := 0; i < 5; i++ {
		total += get(s, i)
		fmt.Println("running total", total)
	}
	fmt.Println("unreachable")
}
