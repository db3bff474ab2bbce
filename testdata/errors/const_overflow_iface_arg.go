package main

import "fmt"

func main() {
	fmt.Println("big:", 1<<70)
}
