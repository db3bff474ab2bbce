package main

import (
	"errors"
	"fmt"
)

type Stringer interface{ String() string }

type T struct{ n int }

func (t T) String() string { return fmt.Sprintf("T(%d)", t.n) }

func classify(v interface{}) string {
	switch x := v.(type) {
	case nil:
		return "nil"
	case int, int64:
		return fmt.Sprintf("integer %v of type %T", x, x)
	case float64:
		return fmt.Sprintf("float %g", x*2)
	case string:
		return "string of len " + fmt.Sprint(len(x))
	case []int:
		return fmt.Sprintf("slice with %d ints", len(x))
	case map[string]int:
		return fmt.Sprintf("map with %d keys", len(x))
	case error:
		return "error: " + x.Error()
	case Stringer:
		return "stringer: " + x.String()
	case func() int:
		return fmt.Sprint("func returning ", x())
	case bool:
		if x {
			return "true bool"
		}
		return "false bool"
	default:
		return fmt.Sprintf("other %T", x)
	}
}

func main() {
	vals := []interface{}{nil, 1, int64(2), 2.5, "hey", []int{1, 2}, map[string]int{"a": 1},
		errors.New("bad"), T{3}, func() int { return 7 }, true, false, 'r', struct{}{}, &T{4}}
	for _, v := range vals {
		fmt.Println(classify(v))
	}
	var e error
	switch e.(type) {
	case nil:
		fmt.Println("nil error interface")
	}
	switch v := interface{}(uint8(3)); v.(type) {
	case uint8:
		fmt.Println("uint8 with init stmt")
	}
}
