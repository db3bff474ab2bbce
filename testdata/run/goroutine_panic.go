package main

import (
	"fmt"
	"sync"
	"time"
)

// An unrecovered panic in any goroutine ends the whole program (exit status
// 2): the panicking goroutine's deferred calls run first, main's do not.
// The goroutine's id is not 1 (Go's numbering depends on the processor, so
// the golden normalization replaces ids other than 1 with N).

type task struct {
	name  string
	items []int
}

func (t task) third() int {
	return t.items[2]
}

func main() {
	defer fmt.Println("main's defer: never printed")
	var wg sync.WaitGroup
	tasks := []task{{"ok", []int{1, 2, 3}}, {"also ok", []int{4, 5, 6, 7}}}
	for _, t := range tasks {
		wg.Add(1)
		go func() {
			defer wg.Done()
			fmt.Println(t.name, "third item:", t.third())
		}()
		wg.Wait()
	}
	go func() {
		defer fmt.Println("deferred in the failing goroutine")
		t := task{"short", []int{1}}
		fmt.Println("about to fail:", t.name)
		fmt.Println(t.third())
	}()
	time.Sleep(5 * time.Second)
	fmt.Println("unreachable")
}
