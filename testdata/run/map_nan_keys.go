package main

import (
	"fmt"
	"math"
	"sort"
)

type P struct {
	X float64
	N string
}

func main() {
	m := map[float64]int{}
	m[math.NaN()] = 1
	m[math.NaN()] = 2
	m[1.5] = 10
	m[math.NaN()] = 4
	nan, other, count := 0, 0, 0
	for k, v := range m {
		count++
		if k != k {
			nan += v
		} else {
			other += v
		}
	}
	fmt.Println(len(m), count, nan, other)
	_, ok := m[math.NaN()]
	delete(m, math.NaN())
	fmt.Println(ok, len(m))

	// NaN inside interface and struct keys.
	mi := map[interface{}]string{math.NaN(): "a", math.NaN(): "b", "s": "c"}
	var vals []string
	for _, v := range mi {
		vals = append(vals, v)
	}
	sort.Strings(vals)
	fmt.Println(len(mi), vals)
	ms := map[P]int{{math.NaN(), "x"}: 1, {math.NaN(), "x"}: 2, {0, "y"}: 3}
	sum := 0
	for k, v := range ms {
		if k.N == "x" {
			sum += v
		}
	}
	fmt.Println(len(ms), sum)

	// Deleting during range still skips deleted keys.
	md := map[float64]int{1: 1, 2: 2, 3: 3, math.NaN(): 100}
	seen := 0
	for k := range md {
		if k == 1 || k == 2 || k == 3 {
			delete(md, 1)
			delete(md, 2)
			delete(md, 3)
		}
		seen++
	}
	fmt.Println(seen, len(md))
	clear(m)
	fmt.Println(len(m))
}
