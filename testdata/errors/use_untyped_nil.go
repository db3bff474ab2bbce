package main

import "fmt"

func main() {
	x := nil
	fmt.Println(x)
}
