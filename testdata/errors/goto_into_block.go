package main

import "fmt"

func main() {
	goto inner
	for i := 0; i < 3; i++ {
	inner:
		fmt.Println(i)
	}
}
