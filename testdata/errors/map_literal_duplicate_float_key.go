package main

import "fmt"

func main() {
	m := map[float64]string{1: "one", 2.5: "x", 1.0: "uno"}
	fmt.Println(m)
}
