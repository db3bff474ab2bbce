package main

import (
	"fmt"
	"strings"
)

type node struct{ id int }

func main() {
	// String keys are compared by bytes, not by which string object holds them.
	m := map[string]int{}
	for i := 0; i < 12; i++ {
		k := strings.Repeat("k", i%5+1) // "k" .. "kkkkk", made afresh each time
		m[k] += i
		if len(m) != min(i+1, 5) {
			fmt.Println("len", len(m), "after", i)
		}
	}
	fmt.Println(m, len(m))
	v, ok := m[strings.ToUpper("KK")[:0]+"kk"]
	fmt.Println(v, ok)

	// Growing past 8 entries, deleting, and growing again keeps every entry.
	n := map[int]string{}
	for i := 0; i < 20; i++ {
		n[i*7] = fmt.Sprint(i)
		if i == 6 {
			delete(n, 0)
			delete(n, 14)
			fmt.Println(n, len(n))
		}
	}
	for i := 0; i < 20; i += 2 {
		delete(n, i*7)
	}
	fmt.Println(n, len(n))
	_, ok = n[21]
	_, ok2 := n[14]
	fmt.Println(ok, ok2)

	// Adding keys while ranging over a small map that grows into a big one.
	g := map[int]bool{1: true, 2: false}
	seen := 0
	for k := range g {
		seen++
		if k < 100 {
			for j := 0; j < 10; j++ {
				g[100+10*k+j] = true
			}
		}
	}
	fmt.Println(len(g), seen >= 2)

	// Deleting the entry not yet reached: Go never produces it.
	d := map[string]int{"a": 1, "b": 2, "c": 3}
	produced := map[string]bool{}
	for k := range d {
		produced[k] = true
		for _, o := range []string{"a", "b", "c"} {
			if o != k && !produced[o] {
				delete(d, o)
			}
		}
	}
	fmt.Println(len(produced), len(d))

	// Pointer, bool and rune keys; clear and reuse.
	a, b := &node{1}, &node{1}
	p := map[*node]int{a: 1, b: 2}
	p[a]++
	fmt.Println(len(p), p[a], p[b], p[&node{1}])
	bools := map[bool]int{}
	bools[true]++
	bools[1 > 2]++
	bools[2 > 1]++
	fmt.Println(bools)
	r := map[rune]int{'é': 1}
	for _, c := range "héllo wörld" {
		r[c]++
	}
	fmt.Println(len(r), r['l'], r['é'])
	clear(r)
	r['x'] = 9
	fmt.Println(r, len(r))

	// Float keys (never small): NaN keys stay distinct, +0 == -0.
	f := map[float64]int{}
	zero := 0.0
	nan := zero / zero
	f[nan] = 1
	f[nan] = 2
	f[zero] = 3
	f[-zero] = 4
	fmt.Println(len(f), f[0])

	// A nil map reads as empty.
	var nm map[string]int
	fmt.Println(nm["x"], len(nm))
}
