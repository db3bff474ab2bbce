package main

import "fmt"

func pair() (int, string) {
	return 1
}

func main() {
	fmt.Println(pair())
}
