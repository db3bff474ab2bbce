package main

import "fmt"

func main() {
	count := 3
	fmt.Println(count())
}
