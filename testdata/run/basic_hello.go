package main

import "fmt"

func main() {
	fmt.Println("hello, world")
	fmt.Println("multiple", "args", 1, 2.5, true, nil)
	fmt.Print("print", "no", "spaces", "\n")
	fmt.Print(1, 2, "a", 3, 4, "\n")
	fmt.Print("x", 1, 2, "y\n")
	var s string
	fmt.Println("empty string:", s, "|")
	fmt.Println(len("héllo"), len(""), len("日本語"))
	fmt.Println("unicode: 日本語 한국어 🙂")
	fmt.Println()
	fmt.Println("after blank line")
	println("println goes to stderr", 42)
	print("print goes to stderr too\n")
}
