package main

import "fmt"

func main() {
	s := "hello"
	s[0] = 'j'
	fmt.Println(s)
}
