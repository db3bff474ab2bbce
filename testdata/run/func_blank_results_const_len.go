package main

import (
	"errors"
	"fmt"
)

// len of an array literal without calls is a constant.
const n = len([4]int{})
const m = len([...]string{"a", "b", "c"})

var arr [n * 2]bool

func f() (_ int, err error) { return 5, nil }

func g() (a, _ int) {
	a = 1
	return
}

func h(fail bool) (_ string, err error) {
	defer func() {
		if err != nil {
			err = fmt.Errorf("h: %w", err)
		}
	}()
	if fail {
		return "", errors.New("boom")
	}
	return "ok", nil
}

func main() {
	fmt.Println(n, m, len(arr))
	fmt.Println(f())
	fmt.Println(g())
	fmt.Println(h(false))
	fmt.Println(h(true))
}
