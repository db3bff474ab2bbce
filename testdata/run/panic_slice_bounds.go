package main

import "fmt"

func window(s []byte, start, size int) []byte {
	return s[start : start+size]
}

func main() {
	data := []byte("abcdefgh")
	for start := 0; start < len(data); start += 3 {
		w := window(data, start, 3)
		fmt.Printf("%d: %s\n", start, w)
	}
	fmt.Println("unreachable")
}
