package main

import (
	"fmt"
	"sort"
)

func main() {
	data := []int{3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2, 3}
	hist := make(map[int]int)
	for _, d := range data {
		hist[d]++
	}
	fmt.Println(hist)
	maxCount, mode := 0, 0
	keys := []int{}
	for k := range hist {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	for _, k := range keys {
		if hist[k] > maxCount {
			maxCount, mode = hist[k], k
		}
		fmt.Printf("%d:%s\n", k, stars(hist[k]))
	}
	fmt.Println("mode", mode, "count", maxCount)
	seen := map[int]bool{}
	var uniq []int
	for _, d := range data {
		if !seen[d] {
			seen[d] = true
			uniq = append(uniq, d)
		}
	}
	fmt.Println(uniq)
	groups := map[bool][]int{}
	for _, d := range uniq {
		groups[d%2 == 0] = append(groups[d%2 == 0], d)
	}
	fmt.Println("even", groups[true], "odd", groups[false])
}

func stars(n int) string {
	s := ""
	for i := 0; i < n; i++ {
		s += "*"
	}
	return s
}
