package main

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

// Go 1.22 loop variables are per iteration, so goroutines started in a loop
// each see their own value. Results arrive in any order and are sorted.

func main() {
	words := []string{"pear", "fig", "apple", "kiwi", "banana", "cherry"}
	out := make(chan string, len(words))
	for i, w := range words {
		go func() {
			out <- fmt.Sprintf("%d:%s", i, strings.ToUpper(w))
		}()
	}
	var got []string
	for range words {
		got = append(got, <-out)
	}
	sort.Strings(got)
	fmt.Println(got)

	var mu sync.Mutex
	var wg sync.WaitGroup
	seen := map[int]int{}
	for i := 0; i < 10; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			seen[i*i]++
			mu.Unlock()
		}()
	}
	wg.Wait()
	keys := make([]int, 0, len(seen))
	for k := range seen {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	fmt.Println(len(seen), "distinct squares:", keys)

	// A closure shared by several goroutines captures by reference.
	counter := 0
	inc := func() {
		mu.Lock()
		defer mu.Unlock()
		counter++
	}
	for i := 0; i < 25; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			inc()
		}()
	}
	wg.Wait()
	fmt.Println("counter:", counter)
}
