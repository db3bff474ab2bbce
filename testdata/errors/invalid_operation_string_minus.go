package main

import "fmt"

func main() {
	s := "hello"
	t := s - "h"
	fmt.Println(t)
}
