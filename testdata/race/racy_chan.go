// Buffered channels synchronise as Go's memory model says and no more:
// the k-th receive happens before the (k+C)-th send completes, a send
// happens before its receive completes. A channel used as a semaphore
// of capacity 2 is not a mutex, and two workers taking jobs from one
// buffered channel are not ordered by it.
package main

import (
	"fmt"
	"sync"
	"time"
)

var x, y, z int

func main() {
	// Capacity 2: g's receive is the 1st, main's send the 2nd: no edge.
	sem := make(chan bool, 2)
	go func() {
		sem <- true
		y = 1
		<-sem
	}()
	time.Sleep(50 * time.Millisecond)
	sem <- true
	y = 2
	<-sem

	// Capacity 1: a mutex. g's receive happens before main's send.
	mu := make(chan bool, 1)
	go func() {
		mu <- true
		z = 1
		<-mu
	}()
	time.Sleep(50 * time.Millisecond)
	mu <- true
	z = 2
	<-mu

	// Two workers, two jobs each, from one buffered channel.
	jobs := make(chan int, 4)
	var wg sync.WaitGroup
	work := func() {
		defer wg.Done()
		for i := 0; i < 2; i++ {
			x += <-jobs
		}
	}
	wg.Add(2)
	go work()
	time.Sleep(50 * time.Millisecond)
	go work()
	for i := 1; i <= 4; i++ {
		jobs <- i
	}
	wg.Wait()
	fmt.Println(x, y, z)
}
