// String-keyed map: 200,000 distinct keys inserted, each looked up 5
// times, a miss per key, then every other key deleted and the rest
// summed by range (the faststr path of minigo's swiss-table map).
package main

import (
	"fmt"
	"strconv"
)

func main() {
	const n = 200_000
	keys := make([]string, n)
	for i := range keys {
		keys[i] = "key:" + strconv.Itoa(i*7919%n)
	}
	m := make(map[string]int)
	for i, k := range keys {
		m[k] = i
	}
	sum := 0
	for r := 0; r < 5; r++ {
		for _, k := range keys {
			sum += m[k]
		}
	}
	miss := 0
	for _, k := range keys {
		if _, ok := m[k+"!"]; !ok {
			miss++
		}
	}
	for i := 0; i < n; i += 2 {
		delete(m, keys[i])
	}
	rest := 0
	for _, v := range m {
		rest += v
	}
	fmt.Println("len", len(m), "sum", sum, "miss", miss, "rest", rest)
}
