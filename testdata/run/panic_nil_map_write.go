package main

import "fmt"

type registry struct {
	entries map[string]int
}

func (r *registry) add(k string, v int) {
	fmt.Println("adding", k)
	r.entries[k] = v
}

func main() {
	ok := &registry{entries: map[string]int{}}
	ok.add("a", 1)
	fmt.Println(ok.entries)
	var bad registry
	fmt.Println("reading nil map is fine:", bad.entries["x"], len(bad.entries))
	bad.add("b", 2)
	fmt.Println("unreachable")
}
