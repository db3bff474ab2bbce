package main

import "fmt"

func main() {
	p := new(nil)
	fmt.Println(p)
}
