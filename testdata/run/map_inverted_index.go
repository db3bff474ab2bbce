package main

import (
	"fmt"
	"sort"
	"strings"
)

func main() {
	docs := map[int]string{
		1: "go is fun and go is fast",
		2: "rust is fast",
		3: "fun with maps in go",
	}
	index := map[string]map[int]bool{}
	for id, text := range docs {
		for _, w := range strings.Fields(text) {
			if index[w] == nil {
				index[w] = map[int]bool{}
			}
			index[w][id] = true
		}
	}
	words := make([]string, 0, len(index))
	for w := range index {
		words = append(words, w)
	}
	sort.Strings(words)
	for _, w := range words {
		var ids []int
		for id := range index[w] {
			ids = append(ids, id)
		}
		sort.Ints(ids)
		fmt.Printf("%-5s %v\n", w, ids)
	}
	fmt.Println(index["go"])
	query := []string{"go", "fun"}
	hits := map[int]int{}
	for _, q := range query {
		for id := range index[q] {
			hits[id]++
		}
	}
	fmt.Println("hits:", hits)
	v, ok := index["missing"][1]
	fmt.Println(v, ok, len(index["missing"]))
}
