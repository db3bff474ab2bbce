package main

import (
	"fmt"
	"strconv"
)

func parse(s string) (n int, err error) {
	n, err = strconv.Atoi(s)
	if err != nil {
		n := -1
		fmt.Println(n)
		return
	}
	return
}

func main() {
	fmt.Println(parse("1"))
}
