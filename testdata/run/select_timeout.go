package main

import (
	"fmt"
	"time"
)

// select with time.After: a receive that never happens times out; a value
// that arrives well before the deadline wins.

func slowValue(d time.Duration, v string) <-chan string {
	ch := make(chan string, 1)
	go func() {
		time.Sleep(d)
		ch <- v
	}()
	return ch
}

func main() {
	never := make(chan string)
	start := time.Now()
	select {
	case v := <-never:
		fmt.Println("got", v)
	case <-time.After(30 * time.Millisecond):
		fmt.Println("timed out")
	}
	fmt.Println("waited at least 30ms:", time.Since(start) >= 30*time.Millisecond)

	select {
	case v := <-slowValue(5*time.Millisecond, "fast"):
		fmt.Println("got", v)
	case <-time.After(2 * time.Second):
		fmt.Println("timed out")
	}

	select {
	case v := <-slowValue(2*time.Second, "slow"):
		fmt.Println("got", v)
	case <-time.After(20 * time.Millisecond):
		fmt.Println("gave up on slow")
	}

	// A deadline shared by a loop of receives.
	ticks := make(chan int)
	go func() {
		for i := 1; i <= 3; i++ {
			ticks <- i
		}
	}()
	deadline := time.After(200 * time.Millisecond)
	for {
		select {
		case i := <-ticks:
			fmt.Println("tick", i)
			continue
		case <-deadline:
			fmt.Println("deadline reached")
		}
		break
	}
}
