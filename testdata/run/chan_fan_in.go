package main

import (
	"fmt"
	"sort"
	"sync"
)

// Fan-in: several producers, one merged channel. Messages from one producer
// keep their order; across producers the order is arbitrary, so each
// producer's stream is checked separately.

type msg struct {
	from, seq int
}

func producer(id, n int) <-chan msg {
	out := make(chan msg)
	go func() {
		for i := 0; i < n; i++ {
			out <- msg{id, i}
		}
		close(out)
	}()
	return out
}

func merge(inputs ...<-chan msg) <-chan msg {
	out := make(chan msg)
	var wg sync.WaitGroup
	wg.Add(len(inputs))
	for _, in := range inputs {
		go func() {
			defer wg.Done()
			for m := range in {
				out <- m
			}
		}()
	}
	go func() {
		wg.Wait()
		close(out)
	}()
	return out
}

func main() {
	merged := merge(producer(1, 50), producer(2, 30), producer(3, 70), producer(4, 0))
	next := map[int]int{}
	inOrder := true
	total := 0
	for m := range merged {
		if m.seq != next[m.from] {
			inOrder = false
		}
		next[m.from]++
		total++
	}
	ids := make([]int, 0, len(next))
	for id := range next {
		ids = append(ids, id)
	}
	sort.Ints(ids)
	for _, id := range ids {
		fmt.Printf("producer %d: %d messages\n", id, next[id])
	}
	fmt.Println("total:", total, "per-producer order kept:", inOrder)
}
