package main

import "fmt"

func main() {
	const k = "z"
	m := map[string]bool{k: true, "a": false, "z": false}
	fmt.Println(m)
}
