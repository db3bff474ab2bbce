package main

import "fmt"

func main()
{
	fmt.Println("brace on next line")
}
