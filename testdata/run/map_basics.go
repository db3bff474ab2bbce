package main

import "fmt"

func main() {
	m := map[string]int{"one": 1, "two": 2}
	m["three"] = 3
	fmt.Println(m, len(m))
	fmt.Println(m["two"], m["missing"])
	v, ok := m["one"]
	fmt.Println(v, ok)
	v, ok = m["nope"]
	fmt.Println(v, ok)
	delete(m, "one")
	delete(m, "not there")
	fmt.Println(m, len(m))
	m["two"] += 20
	m["new"]++
	fmt.Println(m)
	var nm map[string]bool
	fmt.Println(nm == nil, len(nm), nm["x"])
	delete(nm, "x")
	for k := range nm {
		fmt.Println("never", k)
	}
	e := make(map[int]string, 10)
	e[3] = "c"
	e[-1] = "neg"
	e[10] = "ten"
	fmt.Println(e)
	if _, found := e[3]; found {
		fmt.Println("found 3")
	}
	clear(e)
	fmt.Println(e, len(e))
	counts := map[rune]int{}
	for _, r := range "abracadabra" {
		counts[r]++
	}
	fmt.Println(counts)
	fmt.Printf("%v\n", map[bool]int{true: 1, false: 0})
	fmt.Printf("%v\n", map[float64]string{2.5: "b", -1: "a", 10: "c"})
}
