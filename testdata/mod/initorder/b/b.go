package b

import "fmt"

var B = Trace("b.B")

var count int

func Trace(s string) int {
	count++
	fmt.Println("var", s, count)
	return count
}

func init() { fmt.Println("init b") }
