package main

import (
	"fmt"
	"sort"
	"strings"
	"unicode"
)

const text = `It was the best of times, it was the worst of times, it was the age of
wisdom, it was the age of foolishness, it was the epoch of belief, it was the
epoch of incredulity, it was the season of Light, it was the season of Darkness.`

func main() {
	words := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r)
	})
	fmt.Println("words:", len(words))
	freq := map[string]int{}
	for _, w := range words {
		freq[w]++
	}
	type wc struct {
		w string
		c int
	}
	var list []wc
	for w, c := range freq {
		list = append(list, wc{w, c})
	}
	sort.Slice(list, func(i, j int) bool {
		if list[i].c != list[j].c {
			return list[i].c > list[j].c
		}
		return list[i].w < list[j].w
	})
	for _, e := range list[:6] {
		fmt.Printf("%-8s %2d %s\n", e.w, e.c, strings.Repeat("#", e.c))
	}
	longest := ""
	for _, w := range words {
		if len(w) > len(longest) {
			longest = w
		}
	}
	fmt.Println("longest:", longest, len(longest))
	caps := []string{}
	for _, w := range strings.Fields(text) {
		if unicode.IsUpper([]rune(w)[0]) {
			caps = append(caps, strings.Trim(w, ".,"))
		}
	}
	fmt.Println(caps)
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		fmt.Printf("%d: %d chars, %d commas\n", i+1, len(l), strings.Count(l, ","))
	}
}
