package main

import "fmt"

// An exponent go/constant cannot represent.
const f = 6e886451608 / 2

func main() {
	fmt.Println(f)
}
