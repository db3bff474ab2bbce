package main

import (
	"fmt"
	"runtime"
	"strconv"
)

// Arrays of references of a megabyte and more (a []*T, []string, []any,
// [][]int, a [N]*T and an append loop's growing backing array) must keep
// what only they point to through collections.

type node struct {
	id   int
	next *node
}

const n = 140000 // 140000 words: more than a megabyte

var global [n]*node

func main() {
	ptrs := make([]*node, n)
	var prev *node
	for i := 0; i < n; i += 16 {
		ptrs[i] = &node{id: i, next: prev}
		prev = ptrs[i]
	}
	strs := make([]string, n)
	for i := 0; i < n; i += 16 {
		strs[i] = "s" + strconv.Itoa(i)
	}
	var anys []any
	for i := 0; i < n; i++ {
		switch {
		case i%32 == 0:
			anys = append(anys, &node{id: i})
		case i%32 == 16:
			anys = append(anys, []int{i, i + 1})
		default:
			anys = append(anys, i%7)
		}
	}
	rows := make([][]int, n)
	for i := 0; i < n; i += 16 {
		rows[i] = []int{i, 2 * i}
	}
	for i := 0; i < n; i += 16 {
		global[i] = &node{id: -i}
	}
	// An interior pointer is the only reference to one of the arrays.
	mid := &ptrs[n/2]
	tail := ptrs[n-160:]
	ptrs = nil

	for round := 0; round < 3; round++ {
		runtime.GC()
		// Garbage of the same size, to reuse what was freed.
		g := make([]*node, n)
		g[round] = &node{id: round}
	}

	sum, links := 0, 0
	for p := *mid; p != nil; p = p.next {
		sum += p.id
		links++
	}
	fmt.Println("chain from the middle:", links, sum, len(tail), tail[0].id, tail[0].next.id)
	total := 0
	for _, s := range strs {
		total += len(s)
	}
	fmt.Println("strings:", total, strs[n-16])
	kinds := map[string]int{}
	total = 0
	for _, a := range anys {
		switch v := a.(type) {
		case *node:
			kinds["node"]++
			total += v.id
		case []int:
			kinds["slice"]++
			total += v[1] - v[0]
		case int:
			kinds["int"]++
			total += v
		}
	}
	fmt.Println("anys:", kinds, total)
	r := 0
	for _, row := range rows {
		if row != nil {
			r += row[1] - row[0]
		}
	}
	g := 0
	for _, p := range global {
		if p != nil {
			g += p.id
		}
	}
	fmt.Println("rows:", r, "global:", g)
}
