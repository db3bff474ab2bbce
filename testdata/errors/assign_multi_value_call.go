package main

import "strconv"

func main() {
	n := strconv.Atoi("42")
	_ = n
}
