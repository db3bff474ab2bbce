package main

import "fmt"

func main() {
	fmt.Printn("typo in function name")
}
