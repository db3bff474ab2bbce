package main

import (
	"encoding/json"
	"fmt"
)

type S struct {
	N int     `json:",string"`
	B bool    `json:",string"`
	F float64 `json:",string"`
	T string  `json:",string"`
}

func main() {
	for _, s := range []string{`{"N": true}`, `{"N": [1]}`, `{"N": null}`, `{"N": "1.5"}`, `{"N": "\"1\""}`, `{"B": "yes"}`, `{"B": 1}`, `{"B": "1"}`, `{"F": "x"}`, `{"F": "1e999"}`, `{"T": "\"ok\""}`, `{"T": 5}`, `{"N": "null"}`, `{"N": " 1"}`} {
		var v S
		err := json.Unmarshal([]byte(s), &v)
		fmt.Printf("%s: %v %+v\n", s, err, v)
	}
}
