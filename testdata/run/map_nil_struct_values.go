package main

import "fmt"

type P struct{ X, Y int }

type Pair struct {
	Name string
	At   P
}

func main() {
	// Reading a nil map gives the value type's zero value, structs and
	// arrays included.
	var m map[string]P
	fmt.Println(m["a"] == P{}, m["a"].X, len(m))
	p := m["a"]
	p.X = 5
	fmt.Println(p, m["a"])
	var i any = m["b"]
	fmt.Println(i)
	v, ok := m["c"]
	fmt.Println(v, ok)
	var ma map[int][3]int
	fmt.Println(ma[1], ma[1][2])
	var mp map[string]Pair
	fmt.Printf("%+v\n", mp["x"])
	fmt.Println(mp["x"].At.Y)
	// A non-nil map: missing keys are zero values too.
	m2 := map[string]P{"a": {1, 2}}
	q, ok2 := m2["z"]
	fmt.Println(m2["a"], q, ok2)
	for k, v := range m {
		fmt.Println("never", k, v)
	}
	defer func() { fmt.Println("recovered:", recover()) }()
	m["a"] = P{1, 1}
}
