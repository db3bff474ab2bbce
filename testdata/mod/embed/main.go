package main

import (
	_ "embed"
	"fmt"

	"example.com/embed/greet"
)

//go:embed assets/version.txt
var version string

func main() {
	fmt.Print("version ", version, "banner ", string(banner))
	names, _ := greet.Templates.ReadDir("templates")
	for _, n := range names {
		fmt.Println(n.Name(), n.IsDir())
	}
	fmt.Print(greet.Render("hello", "gopher"))
	fmt.Print(greet.Render("bye", "gopher"))
	fmt.Println(greet.Render("nope", "x"))
}
