package main

import "fmt"

func main() {
	n := 3
	for i := 0; n; i++ {
		fmt.Println(i)
	}
}
