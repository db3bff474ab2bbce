package main

import (
	"errors"
	"fmt"
	"time"
)

// Request with a timeout: each call starts a worker that answers after a
// given delay, and gives up if time.After fires first. Delays and timeouts
// are far apart so the outcome does not depend on timing noise.

var errTimeout = errors.New("timeout")

func call(work, timeout time.Duration, v int) (int, error) {
	reply := make(chan int, 1)
	go func() {
		time.Sleep(work)
		reply <- v * 2
	}()
	select {
	case r := <-reply:
		return r, nil
	case <-time.After(timeout):
		return 0, errTimeout
	}
}

func main() {
	ms := time.Millisecond
	cases := []struct {
		work, timeout time.Duration
	}{
		{1 * ms, 500 * ms},
		{400 * ms, 20 * ms},
		{0, 300 * ms},
		{300 * ms, 10 * ms},
	}
	for i, c := range cases {
		r, err := call(c.work, c.timeout, i+1)
		fmt.Printf("call %d: %d %v\n", i+1, r, err)
	}

	// A heartbeat that stops when the work finishes.
	done := make(chan struct{})
	go func() {
		time.Sleep(60 * ms)
		close(done)
	}()
	beats := 0
	for {
		select {
		case <-done:
			fmt.Println("work done; heartbeats seen:", beats > 0)
			return
		case <-time.After(5 * ms):
			beats++
		}
	}
}
