package main

import "fmt"

func main() {
	s := []int{1, 2, 3, 4}
	i := 1
	fmt.Println(s[i:3:2])
}
