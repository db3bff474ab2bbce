package main

import (
	"fmt"
	"sync/atomic"
)

// Two goroutines ping-ponging on unbuffered channels hand each other the
// processor over and over (each wake-up goes to runnext and inherits the
// time slice). The pinger starts a third goroutine mid-game; that goroutine
// lands behind the pair, which keeps playing until the third has run. Go's
// sysmon preempts the pair after 10ms, so the third always gets to run and
// the program ends, even with GOMAXPROCS=1.

func main() {
	var third atomic.Bool
	ping, pong := make(chan int), make(chan int)
	done := make(chan int)
	go func() {
		for v := range ping {
			pong <- v + 1
		}
	}()
	go func() {
		v := 0
		for round := 0; round < 10 || !third.Load(); round++ {
			if round == 10 {
				go func() {
					third.Store(true)
				}()
			}
			ping <- v
			v = <-pong
		}
		close(ping)
		done <- v
	}()
	v := <-done
	fmt.Println("third goroutine ran:", third.Load())
	fmt.Println("at least 10 rounds:", v >= 10)
}
