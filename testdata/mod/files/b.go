package main

import "fmt"

var B = trace("B", 41)

func trace(s string, v int) int {
	fmt.Println("var", s)
	return v
}

func helper() string { return "helper from b.go" }

func init() { fmt.Println("init b.go") }
