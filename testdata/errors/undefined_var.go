package main

import "fmt"

func main() {
	total := 0
	for i := 0; i < 3; i++ {
		total += i
	}
	fmt.Println(totl)
}
