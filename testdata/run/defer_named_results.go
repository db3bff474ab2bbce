package main

import (
	"errors"
	"fmt"
)

func double() (n int) {
	defer func() { n *= 2 }()
	return 21
}

func counter() (i int) {
	defer func() { i++ }()
	defer func() { i += 10 }()
	i = 1
	return i + 1
}

func unnamed() int {
	x := 5
	defer func() { x = 100 }()
	return x
}

func withErr(fail bool) (result string, err error) {
	defer func() {
		if err != nil {
			result = "wrapped: " + result
			err = fmt.Errorf("withErr: %w", err)
		}
	}()
	if fail {
		return "partial", errors.New("boom")
	}
	return "ok", nil
}

func safeDiv(a, b int) (q int, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("recovered: %v", r)
			q = -1
		}
	}()
	q = a / b
	return
}

func main() {
	fmt.Println(double())
	fmt.Println(counter())
	fmt.Println(unnamed())
	fmt.Println(withErr(false))
	fmt.Println(withErr(true))
	fmt.Println(safeDiv(10, 3))
	fmt.Println(safeDiv(1, 0))
}
