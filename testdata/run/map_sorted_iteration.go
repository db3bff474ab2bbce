package main

import (
	"fmt"
	"sort"
	"strings"
)

func main() {
	text := "the quick brown fox jumps over the lazy dog the fox"
	freq := map[string]int{}
	for _, w := range strings.Fields(text) {
		freq[w]++
	}
	keys := make([]string, 0, len(freq))
	for k := range freq {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Printf("%-6s %d\n", k, freq[k])
	}
	type kv struct {
		k string
		v int
	}
	var pairs []kv
	for k, v := range freq {
		pairs = append(pairs, kv{k, v})
	}
	sort.Slice(pairs, func(i, j int) bool {
		if pairs[i].v != pairs[j].v {
			return pairs[i].v > pairs[j].v
		}
		return pairs[i].k < pairs[j].k
	})
	fmt.Println(pairs[:3])
	sum := 0
	for _, v := range freq {
		sum += v
	}
	fmt.Println("total words", sum, "distinct", len(freq))
	// deleting during iteration is allowed
	for k := range freq {
		if freq[k] == 1 {
			delete(freq, k)
		}
	}
	fmt.Println(freq)
}
