// A type switch whose clauses bind the matched value: every clause must
// see its own value and type, whichever clause matches, also in a loop,
// with aggregates, with closures capturing the bound variable, and next
// to nil and multi-type clauses.
package main

import (
	"errors"
	"fmt"
)

type point struct{ x, y int }

type celsius float64

func (c celsius) String() string { return fmt.Sprintf("%.1fC", float64(c)) }

func describe(v any) (string, func() string) {
	switch t := v.(type) {
	case nil:
		return "nil", nil
	case int:
		t *= 2
		return fmt.Sprint("int doubled ", t), func() string { return fmt.Sprint(t + 1) }
	case string:
		return "string of length " + fmt.Sprint(len(t)), func() string { return t + "!" }
	case point:
		t.x++
		return fmt.Sprintf("point %+v", t), func() string { return fmt.Sprint(t.x * t.y) }
	case []int:
		t[0] = 99
		return fmt.Sprint("slice ", t), nil
	case fmt.Stringer:
		return "stringer " + t.String(), nil
	case int8, int16:
		return fmt.Sprintf("small int %v of type %T", t, t), nil
	case error:
		return "error " + t.Error(), nil
	default:
		return fmt.Sprintf("other %T", t), nil
	}
}

func main() {
	values := []any{
		nil, 21, "hello", point{1, 2}, []int{1, 2}, celsius(36.6),
		int8(-3), int16(300), errors.New("boom"), 2.5, map[string]int{},
	}
	var later []func() string
	for i := 0; i < 2; i++ {
		for _, v := range values {
			s, f := describe(v)
			fmt.Println(i, s)
			if f != nil && i == 0 {
				later = append(later, f)
			}
		}
	}
	for _, f := range later {
		fmt.Println("later:", f())
	}
	p := point{5, 6}
	s, f := describe(p)
	fmt.Println(s, f(), p)
}
