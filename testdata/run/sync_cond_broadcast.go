package main

import (
	"fmt"
	"sort"
	"sync"
)

// A Cond-guarded queue: consumers wait for items, Signal wakes one per
// item, Broadcast wakes every consumer at close. A start gate built on
// Broadcast releases all workers at once.

type queue struct {
	mu     sync.Mutex
	cond   *sync.Cond
	items  []int
	closed bool
}

func newQueue() *queue {
	q := &queue{}
	q.cond = sync.NewCond(&q.mu)
	return q
}

func (q *queue) put(v int) {
	q.mu.Lock()
	q.items = append(q.items, v)
	q.mu.Unlock()
	q.cond.Signal()
}

func (q *queue) close() {
	q.mu.Lock()
	q.closed = true
	q.mu.Unlock()
	q.cond.Broadcast()
}

// get returns false once the queue is closed and drained.
func (q *queue) get() (int, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) == 0 && !q.closed {
		q.cond.Wait()
	}
	if len(q.items) == 0 {
		return 0, false
	}
	v := q.items[0]
	q.items = q.items[1:]
	return v, true
}

func main() {
	// Start gate: every worker waits until main opens it.
	var gateMu sync.Mutex
	gate := sync.NewCond(&gateMu)
	open := false
	var ready sync.WaitGroup

	q := newQueue()
	var wg sync.WaitGroup
	sums := make([]int, 4)
	counts := make([]int, 4)
	for w := 0; w < 4; w++ {
		wg.Add(1)
		ready.Add(1)
		go func(w int) {
			defer wg.Done()
			gateMu.Lock()
			ready.Done()
			for !open {
				gate.Wait()
			}
			gateMu.Unlock()
			for {
				v, ok := q.get()
				if !ok {
					return
				}
				sums[w] += v
				counts[w]++
			}
		}(w)
	}
	ready.Wait()
	gateMu.Lock()
	open = true
	gateMu.Unlock()
	gate.Broadcast()

	for i := 1; i <= 1000; i++ {
		q.put(i)
	}
	q.close()
	wg.Wait()

	total, n := 0, 0
	for w := range sums {
		total += sums[w]
		n += counts[w]
	}
	fmt.Println("items:", n, "sum:", total)

	// Signal wakes exactly one waiter per call: three waiters, three
	// Signals, each taking one token.
	var mu sync.Mutex
	c := sync.NewCond(&mu)
	tokens, waiting := 0, 0
	var got []int
	var done sync.WaitGroup
	for i := 0; i < 3; i++ {
		done.Add(1)
		go func(i int) {
			defer done.Done()
			mu.Lock()
			waiting++
			for tokens == 0 {
				c.Wait()
			}
			tokens--
			got = append(got, i)
			mu.Unlock()
		}(i)
	}
	for {
		mu.Lock()
		w := waiting
		mu.Unlock()
		if w == 3 {
			break
		}
	}
	for i := 0; i < 3; i++ {
		mu.Lock()
		tokens++
		mu.Unlock()
		c.Signal()
	}
	done.Wait()
	sort.Ints(got)
	fmt.Println("woken:", got, "tokens left:", tokens)
}
