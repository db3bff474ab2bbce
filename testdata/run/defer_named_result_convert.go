// Named results converted in place (an int assigned to an `any` result, an
// int converted to a float64 result) in functions with a deferred call,
// where a recovered panic returns whatever the results hold.
package main

import (
	"errors"
	"fmt"
)

func pair() (any, bool) { return 1, false }

func one() any { return "one" }

func assign(k int) (s any) {
	defer func() {}()
	if k == 0 {
		s = 2
	} else if k == 1 {
		s, _ = pair()
	} else {
		s = one()
	}
	return
}

func recovered(k int) (s any, f float64, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("recovered: %v", r)
		}
	}()
	s = k
	f = float64(k) / 2
	if k > 1 {
		var m map[string]int
		m["x"] = k
	}
	s = "done"
	return
}

func wrapped(k int) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = errors.New("wrapped")
		}
	}()
	err = fmt.Errorf("k=%d", k)
	if k < 0 {
		panic("negative")
	}
	return
}

func main() {
	fmt.Println(assign(0), assign(1), assign(2))
	fmt.Println(recovered(1))
	fmt.Println(recovered(3))
	fmt.Println(wrapped(1), wrapped(-1))
}
