package main

import "fmt"

func main() {
	fmt.Println("start")
	goto missing
}
