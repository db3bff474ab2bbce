package main

import (
	"encoding/json"
	"errors"
	"fmt"
)

type T struct {
	Age int `json:"age"`
	M   map[string]int
	S   []T
}

func main() {
	for _, s := range []string{`[1.`, `{"a":-`, `[1e+`, `  -`, `[1, 2.`, `"\u12"`, `"\u`, `"\`, `["a\x"]`, `"\uzzzzzz"`, "\"abc\xff\"", `{"a":1,}`, `{"a":1,"b"}`, `[1,,2]`, `[}`, `{"a":tru}`, `{"a":nulx}`, `{"a" : 1 , "b" : x}`, `{"a":[1,2}`} {
		var v any
		err := json.Unmarshal([]byte(s), &v)
		var se *json.SyntaxError
		if errors.As(err, &se) {
			fmt.Printf("%q: %v (offset %d)\n", s, err, se.Offset)
		} else {
			fmt.Printf("%q: %v\n", s, err)
		}
	}
	var m map[string]T
	fmt.Println(json.Unmarshal([]byte(`{"k":{"age":"x"}}`), &m))
	var t T
	fmt.Println(json.Unmarshal([]byte(`{"M":{"z":"x"}}`), &t))
	fmt.Println(json.Unmarshal([]byte(`{"S":[{"age":"x"}]}`), &t))
	fmt.Println(json.Unmarshal([]byte(`{"S":[{"S":[{"M":{"q":true}}]}]}`), &t))
	var ms []map[string]int
	fmt.Println(json.Unmarshal([]byte(`[{"a":"x"}]`), &ms))
	var x int
	fmt.Println(json.Unmarshal([]byte(`"x"`), &x))
	fmt.Println(json.Unmarshal([]byte(`{"a":1}`), &x))
	fmt.Println(json.Unmarshal([]byte(`[1]`), &x))
	fmt.Println(json.Unmarshal([]byte(`300`), new(int8)))
	fmt.Println(json.Unmarshal([]byte(`1.5`), new(int)))
	fmt.Println(json.Unmarshal([]byte(`-1`), new(uint)))
	fmt.Println(json.Unmarshal([]byte(`true`), new(string)))
	fmt.Println(json.Unmarshal([]byte(`null`), new(int)))
	fmt.Println(json.Unmarshal([]byte(`{"age":1.5}`), &t))
	for _, v := range []any{map[[2]int]int{{1, 2}: 3}, map[string]any{"a": map[[2]int]int{{1, 2}: 3}}, []any{1, map[bool]int{true: 1}}, struct{ C chan int }{}, []any{make(chan int)}, struct{ F float64 }{F: 0}} {
		b, err := json.Marshal(v)
		fmt.Printf("%s %v\n", b, err)
	}
	type E struct{ N json.Number }
	b, err := json.Marshal(E{"1x"})
	fmt.Printf("%s %v\n", b, err)
	b, err = json.Marshal(E{""})
	fmt.Printf("%s %v\n", b, err)
}
