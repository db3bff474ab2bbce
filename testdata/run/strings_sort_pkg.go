package main

import (
	"fmt"
	"sort"
	"strings"
)

type byLastChar []string

func (b byLastChar) Len() int      { return len(b) }
func (b byLastChar) Swap(i, j int) { b[i], b[j] = b[j], b[i] }
func (b byLastChar) Less(i, j int) bool {
	return b[i][len(b[i])-1] < b[j][len(b[j])-1]
}

func main() {
	words := strings.Fields("the quick brown fox jumps over the lazy dog")
	sorted := append([]string(nil), words...)
	sort.Strings(sorted)
	fmt.Println(sorted)
	fmt.Println(sort.StringsAreSorted(sorted), sort.StringsAreSorted(words))
	idx := sort.SearchStrings(sorted, "fox")
	fmt.Println("fox at", idx, sorted[idx])
	sort.Sort(sort.StringSlice(words))
	fmt.Println(words)
	uniq := words[:0]
	for i, w := range words {
		if i == 0 || w != words[i-1] {
			uniq = append(uniq, w)
		}
	}
	fmt.Println(uniq, len(uniq))
	bl := byLastChar{"ab", "ba", "cc", "ad"}
	sort.Stable(bl)
	fmt.Println(bl)
	nums := []int{5, 1, 4}
	sort.Sort(sort.Reverse(sort.IntSlice(nums)))
	fmt.Println(nums, sort.IsSorted(sort.IntSlice(nums)))
	people := map[string]int{"bob": 31, "alice": 29, "carol": 31, "dan": 25}
	names := make([]string, 0, len(people))
	for n := range people {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool {
		if people[names[i]] != people[names[j]] {
			return people[names[i]] > people[names[j]]
		}
		return names[i] < names[j]
	})
	for _, n := range names {
		fmt.Printf("%-6s %d\n", n, people[n])
	}
}
