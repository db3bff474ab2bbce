package main

import (
	"fmt"
	"sync"
)

// sync.Once runs its function exactly once, however many goroutines call
// Do; everyone returns only after that call has finished.

type config struct {
	once   sync.Once
	values map[string]string
	loads  int
}

func (c *config) get(key string) string {
	c.once.Do(func() {
		c.loads++
		c.values = map[string]string{"host": "localhost", "port": "8080"}
	})
	return c.values[key]
}

func main() {
	var once sync.Once
	calls := 0
	var wg sync.WaitGroup
	for i := 0; i < 50; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			once.Do(func() { calls++ })
		}()
	}
	wg.Wait()
	fmt.Println("calls:", calls)
	once.Do(func() { fmt.Println("never printed") })

	var cfg config
	results := make(chan string, 20)
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if i%2 == 0 {
				results <- cfg.get("host")
			} else {
				results <- cfg.get("port")
			}
		}()
	}
	wg.Wait()
	close(results)
	seen := map[string]int{}
	for r := range results {
		seen[r]++
	}
	fmt.Println("loads:", cfg.loads, "localhost:", seen["localhost"], "8080:", seen["8080"])

	// A panicking function still counts as done.
	var o2 sync.Once
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		o2.Do(func() { panic("first call panics") })
	}()
	ran := false
	o2.Do(func() { ran = true })
	fmt.Println("second Do ran:", ran)
}
