package main

import (
	"encoding/json"
	"fmt"
	"strings"
)

type T struct {
	A int
	B string
}

type Inner struct {
	Tags map[string][]string `json:"tags"`
	Refs map[string]*T       `json:"refs"`
}

func main() {
	var m map[string][]int
	fmt.Println(json.Unmarshal([]byte(`{"a":[1,2,3],"b":null,"c":[]}`), &m), m, m["b"] == nil, m["c"] == nil)
	var pm map[string]*T
	fmt.Println(json.Unmarshal([]byte(`{"x":{"A":1,"B":"q"},"y":null}`), &pm), *pm["x"], pm["y"])
	var nested map[string]map[string][]float64
	fmt.Println(json.Unmarshal([]byte(`{"o":{"i":[1.5,2]}}`), &nested), nested)
	var arr map[string][2]int
	fmt.Println(json.Unmarshal([]byte(`{"p":[1,2],"q":[3]}`), &arr), arr)
	var in []Inner
	err := json.Unmarshal([]byte(`[{"tags":{"go":["a","b"]},"refs":{"r":{"A":5}}}]`), &in)
	fmt.Println(err, in[0].Tags, in[0].Refs["r"].A)
	var pps []**T
	fmt.Println(json.Unmarshal([]byte(`[{"A":3},null]`), &pps), (**pps[0]).A, pps[1] == nil)
	var bad map[string][]int
	fmt.Println(json.Unmarshal([]byte(`{"a":["x"]}`), &bad), bad)
	dec := json.NewDecoder(strings.NewReader(`{"k":[1]} {"k":[2,3]}`))
	for dec.More() {
		var v map[string][]uint8
		fmt.Println(dec.Decode(&v), v)
	}
	out, err := json.Marshal(map[string][]*T{"z": {{A: 1}, nil}})
	fmt.Println(string(out), err)
}
