package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

type Bad struct{}

func (Bad) MarshalJSON() ([]byte, error) { return []byte(`{bad`), nil }

type Fail struct{}

func (Fail) MarshalJSON() ([]byte, error) { return nil, errors.New("boom") }

type PtrM struct{ X int }

func (p *PtrM) MarshalJSON() ([]byte, error) { return []byte(`"ptr"`), nil }

type TextFail int

func (TextFail) MarshalText() ([]byte, error) { return nil, errors.New("nope") }

type A struct{ Name string }
type B struct{ Name string }
type C struct {
	A
	B
	X int
}
type D struct {
	A
	Name string
}
type E struct {
	*A
	Y int `json:"y,omitempty"`
}
type F struct {
	A `json:"a"`
	G struct {
		H int `json:"h"`
	}
	unexported int
	I          interface{} `json:",omitempty"`
	J          *int        `json:",omitempty"`
	K          map[string]int `json:",omitempty"`
	L          [0]int      `json:",omitempty"`
	M          string      `json:"m,omitempty,string"`
	N          int64       `json:",string"`
	O          bool        `json:"o,omitempty"`
	P          float64     `json:"p,omitempty"`
	Q          []int       `json:"q,omitzero"`
	R          struct{}    `json:"r,omitzero"`
	S          *PtrM       `json:"s"`
	T          PtrM        `json:"t"`
}

type Node struct {
	V    int
	Next *Node
}

type Embedded struct {
	Base
	Extra string
}
type Base struct {
	ID int `json:"id"`
}

func show(v any) {
	b, err := json.Marshal(v)
	fmt.Printf("%s | %v\n", b, err)
}

func main() {
	show(Bad{})
	show([]any{Bad{}})
	show(Fail{})
	show(map[string]any{"a": Fail{}})
	show(PtrM{1})
	show(&PtrM{1})
	show([]PtrM{{1}})
	show(map[TextFail]int{1: 1})
	show(TextFail(1))
	show(C{A{"a"}, B{"b"}, 1})
	show(D{A{"a"}, "d"})
	show(E{})
	show(E{A: &A{"x"}, Y: 2})
	show(F{N: 5, M: "m", S: &PtrM{}})
	show(&F{})
	show(struct {
		X int `json:"x"`
		Y int `json:"x"`
	}{1, 2})
	show(struct{ X, y int }{1, 2})
	show([]*int{nil})
	show(map[string]*Node{"n": {1, &Node{2, nil}}})
	show(Embedded{Base{7}, "e"})
	var e Embedded
	fmt.Println(json.Unmarshal([]byte(`{"id": 9, "extra": "E", "EXTRA": "F"}`), &e), e)
	var ee E
	fmt.Println(json.Unmarshal([]byte(`{"Name": "n", "y": 3}`), &ee), ee.A.Name, ee.Y)
	var f F
	fmt.Println(json.Unmarshal([]byte(`{"a": {"Name": "in"}, "G": {"h": 4}, "N": "12", "m": "\"q\"", "I": [1]}`), &f), f.A.Name, f.G.H, f.N, f.M, f.I)
	fmt.Println(json.Unmarshal([]byte(`{"N": 12}`), &f))
	fmt.Println(json.Unmarshal([]byte(`{"N": "x"}`), &f))
	var iface any = &Base{}
	fmt.Println(json.Unmarshal([]byte(`{"id": 5}`), &iface), iface.(*Base).ID)
	var s struct {
		Big  uint64
		F32  float32
		Str  *string
		List []Base
		Map  map[string][]int
		Arr  [2]string
	}
	fmt.Println(json.Unmarshal([]byte(`{"Big": 18446744073709551615, "F32": 3.4e39, "Str": "s", "List": [{"id":1},{"id":2}], "Map": {"a": [1,2]}, "Arr": ["x"]}`), &s), s.Big, s.F32, *s.Str, s.List, s.Map, s.Arr)
	var into []int
	err := json.NewDecoder(strings.NewReader("[1,2,3")).Decode(&into)
	fmt.Println(err, into)
	var big map[string]any
	json.Unmarshal([]byte(`{"n": 1e400}`), &big)
	fmt.Println(json.Unmarshal([]byte(`{"n": 1e400}`), &big))
	out, _ := json.MarshalIndent(struct {
		A []int
		B map[string]int
		C struct{}
		D []any
	}{A: []int{1, 2}, B: map[string]int{"x": 1}, D: []any{}}, "", "    ")
	fmt.Println(string(out))
	out, _ = json.MarshalIndent([]int{}, "#", "\t")
	fmt.Println(string(out))
	out, _ = json.MarshalIndent(3, "#", "\t")
	fmt.Println(string(out))
}
