package main

import "fmt"

func main() {
	var small int8 = 200
	fmt.Println(small)
}
