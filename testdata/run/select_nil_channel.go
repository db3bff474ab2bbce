package main

import "fmt"

// A nil channel is never ready in a select, so setting a drained input to
// nil disables its case: the standard way to merge until both are closed.

func numbers(from, to int) <-chan int {
	ch := make(chan int)
	go func() {
		for i := from; i <= to; i++ {
			ch <- i
		}
		close(ch)
	}()
	return ch
}

func main() {
	a := numbers(1, 5)
	b := numbers(100, 103)
	sumA, sumB, closes := 0, 0, 0
	for a != nil || b != nil {
		select {
		case v, ok := <-a:
			if !ok {
				a = nil
				closes++
				continue
			}
			sumA += v
		case v, ok := <-b:
			if !ok {
				b = nil
				closes++
				continue
			}
			sumB += v
		}
	}
	fmt.Println("sumA", sumA, "sumB", sumB, "closed", closes)

	// Send cases on nil channels are never chosen either.
	var out chan int
	in := make(chan int, 1)
	in <- 9
	select {
	case out <- 1:
		fmt.Println("sent on nil channel?!")
	case v := <-in:
		fmt.Println("received", v, "instead")
	}

	// Toggling a case on and off.
	data := make(chan int, 10)
	var sendCh chan int
	queue := []int{1, 2, 3}
	for len(queue) > 0 {
		sendCh = nil
		if len(data) < 2 {
			sendCh = data
		}
		select {
		case sendCh <- queue[0]:
			fmt.Println("queued", queue[0])
			queue = queue[1:]
		default:
			fmt.Println("full, took", <-data)
		}
	}
	fmt.Println("left in data:", len(data))
}
