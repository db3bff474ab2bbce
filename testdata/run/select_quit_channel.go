package main

import "fmt"

// A worker loops in a select over work and quit channels. Everything is
// unbuffered, so each step is a rendezvous and the printed order is fixed.

func worker(work <-chan int, results chan<- int, quit <-chan struct{}, done chan<- string) {
	processed := 0
	for {
		select {
		case w := <-work:
			processed++
			results <- w * w
		case <-quit:
			done <- fmt.Sprintf("worker quit after %d items", processed)
			return
		}
	}
}

func main() {
	work := make(chan int)
	results := make(chan int)
	quit := make(chan struct{})
	done := make(chan string)
	go worker(work, results, quit, done)
	for i := 1; i <= 5; i++ {
		work <- i
		fmt.Println(i, "squared is", <-results)
	}
	close(quit)
	fmt.Println(<-done)

	// fibonacci with a select that both sends and watches quit (Go tour).
	c := make(chan int)
	stop := make(chan int)
	go func() {
		for i := 0; i < 12; i++ {
			fmt.Print(<-c, " ")
		}
		fmt.Println()
		stop <- 0
	}()
	x, y := 0, 1
	for running := true; running; {
		select {
		case c <- x:
			x, y = y, x+y
		case <-stop:
			fmt.Println("quit")
			running = false
		}
	}
}
