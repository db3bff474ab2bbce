package main

import (
	"errors"
	"fmt"
	"strconv"
)

var ErrNotFound = errors.New("not found")

func find(m map[string]int, k string) (int, error) {
	v, ok := m[k]
	if !ok {
		return 0, ErrNotFound
	}
	return v, nil
}

func parseAll(ss []string) ([]int, error) {
	var out []int
	for i, s := range ss {
		n, err := strconv.Atoi(s)
		if err != nil {
			return out, fmt.Errorf("item %d: %v", i, err)
		}
		out = append(out, n)
	}
	return out, nil
}

func main() {
	m := map[string]int{"a": 1}
	if v, err := find(m, "a"); err == nil {
		fmt.Println("found", v)
	}
	if _, err := find(m, "b"); err != nil {
		fmt.Println("error:", err, err == ErrNotFound)
	}
	e1 := errors.New("x")
	e2 := errors.New("x")
	fmt.Println(e1 == e2, e1.Error() == e2.Error())
	nums, err := parseAll([]string{"1", "2", "3"})
	fmt.Println(nums, err)
	nums, err = parseAll([]string{"1", "two", "3"})
	fmt.Println(nums, err)
	var nilErr error
	fmt.Println(nilErr == nil, nilErr)
	fmt.Printf("%v %T\n", err, ErrNotFound)
}
