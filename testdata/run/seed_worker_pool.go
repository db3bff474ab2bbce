package main

import (
	"fmt"
	"sort"
	"sync"
)

// Work distributed to a pool of worker goroutines (the "M Ps share the run
// queues" picture); results are collected and sorted before printing.

type result struct {
	job, square int
}

func worker(jobs <-chan int, results chan<- result, wg *sync.WaitGroup) {
	defer wg.Done()
	for j := range jobs {
		results <- result{j, j * j}
	}
}

func main() {
	jobs := make(chan int, 100)
	results := make(chan result, 100)
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go worker(jobs, results, &wg)
	}
	for i := 1; i <= 20; i++ {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	close(results)
	var all []result
	for r := range results {
		all = append(all, r)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].job < all[j].job })
	sum := 0
	for _, r := range all {
		sum += r.square
	}
	fmt.Println(len(all), "results, sum of squares", sum)
	fmt.Println(all[:5])
}
