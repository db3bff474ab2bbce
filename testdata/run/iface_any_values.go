package main

import "fmt"

func sumAll(vals ...any) (int, float64, string) {
	var i int
	var f float64
	var s string
	for _, v := range vals {
		switch x := v.(type) {
		case int:
			i += x
		case float64:
			f += x
		case string:
			s += x
		}
	}
	return i, f, s
}

func main() {
	var x any = 10
	fmt.Println(x)
	x = "now a string"
	fmt.Println(x)
	x = []any{1, "two", 3.0, nil, []int{4}}
	fmt.Println(x)
	fmt.Println(sumAll(1, 2.5, "a", 3, "b", 0.5, true))
	m := map[string]any{"n": 1, "s": "str", "l": []string{"x"}, "m": map[string]int{"k": 1}}
	fmt.Println(m)
	if l, ok := m["l"].([]string); ok {
		fmt.Println("list", l[0])
	}
	if _, ok := m["n"].(float64); !ok {
		fmt.Println("n is not float64")
	}
	var y any
	fmt.Println(y == nil, fmt.Sprintf("%v|%T", y, y))
	vals := []any{int8(1), uint16(2), float32(1.5), 'a', byte('b'), uint64(1<<63)}
	for _, v := range vals {
		fmt.Printf("%T=%v ", v, v)
	}
	fmt.Println()
}
