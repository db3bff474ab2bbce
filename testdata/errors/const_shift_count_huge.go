package main

import "fmt"

// A constant shift count beyond types2's shiftBound (1074).
const big = 1 << 1000000

func main() {
	fmt.Println(big > 0)
}
