package main

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

// Fan-out to a pool of workers and fan-in of their results; which worker
// handles which job is up to the scheduler, so results are sorted by job.

type job struct {
	id   int
	text string
}

type result struct {
	id     int
	words  int
	longer string
}

func worker(jobs <-chan job, results chan<- result, wg *sync.WaitGroup) {
	defer wg.Done()
	for j := range jobs {
		fields := strings.Fields(j.text)
		longest := ""
		for _, f := range fields {
			if len(f) > len(longest) {
				longest = f
			}
		}
		results <- result{j.id, len(fields), longest}
	}
}

func main() {
	texts := []string{
		"the quick brown fox",
		"jumps over the lazy dog",
		"goroutines are cheap",
		"channels orchestrate",
		"do not communicate by sharing memory",
		"share memory by communicating",
		"a",
		"",
	}
	jobs := make(chan job)
	results := make(chan result)
	var wg sync.WaitGroup
	for w := 0; w < 3; w++ {
		wg.Add(1)
		go worker(jobs, results, &wg)
	}
	go func() {
		for i := 0; i < 40; i++ {
			jobs <- job{i, texts[i%len(texts)]}
		}
		close(jobs)
	}()
	go func() {
		wg.Wait()
		close(results)
	}()
	var all []result
	for r := range results {
		all = append(all, r)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].id < all[j].id })
	words := 0
	for _, r := range all {
		words += r.words
	}
	for _, r := range all[:8] {
		fmt.Printf("job %d: %d words, longest %q\n", r.id, r.words, r.longer)
	}
	fmt.Println("jobs:", len(all), "words:", words)
}
