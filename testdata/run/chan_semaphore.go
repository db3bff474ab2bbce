package main

import (
	"fmt"
	"sort"
	"sync"
)

// A buffered channel as a counting semaphore: at most 3 goroutines are
// inside the critical section at once.

func main() {
	const limit = 3
	sem := make(chan struct{}, limit)
	var mu sync.Mutex
	inside, maxInside := 0, 0
	var done []int
	var wg sync.WaitGroup
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			mu.Lock()
			inside++
			if inside > maxInside {
				maxInside = inside
			}
			mu.Unlock()

			work := 0
			for k := 0; k < 1000; k++ {
				work += k % (i + 1)
			}

			mu.Lock()
			inside--
			done = append(done, i)
			mu.Unlock()
			<-sem
		}()
	}
	wg.Wait()
	sort.Ints(done)
	fmt.Println("finished:", len(done), done[:5], done[15:])
	fmt.Println("never more than", limit, "inside:", maxInside <= limit, maxInside >= 1)
	fmt.Println("semaphore empty again:", len(sem) == 0, "inside:", inside)
}
