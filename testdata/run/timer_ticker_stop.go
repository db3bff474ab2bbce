package main

import (
	"fmt"
	"time"
)

// A Ticker delivers ticks until stopped; count five ticks, stop it, and make
// sure no more arrive. Tick intervals are measured loosely.

func main() {
	start := time.Now()
	tk := time.NewTicker(10 * time.Millisecond)
	n := 0
	var last time.Time
	for t := range tk.C {
		n++
		fmt.Println("tick", n)
		last = t
		if n == 5 {
			tk.Stop()
			break
		}
	}
	fmt.Println("five ticks took at least 50ms:", time.Since(start) >= 50*time.Millisecond)
	fmt.Println("tick times are after start:", last.After(start))
	select {
	case <-tk.C:
		fmt.Println("tick after Stop?!")
	case <-time.After(50 * time.Millisecond):
		fmt.Println("no tick after Stop")
	}

	// time.Tick: a ticker without Stop; take three ticks from it.
	c := time.Tick(5 * time.Millisecond)
	for i := 1; i <= 3; i++ {
		<-c
		fmt.Println("Tick", i)
	}

	// Reset changes the period.
	tk2 := time.NewTicker(time.Hour)
	tk2.Reset(5 * time.Millisecond)
	<-tk2.C
	<-tk2.C
	tk2.Stop()
	fmt.Println("reset ticker ticked twice")

	// A ticker in a select loop with a done channel.
	done := make(chan bool)
	go func() {
		time.Sleep(100 * time.Millisecond)
		done <- true
	}()
	tk3 := time.NewTicker(10 * time.Millisecond)
	defer tk3.Stop()
	ticks := 0
	for running := true; running; {
		select {
		case <-tk3.C:
			ticks++
		case <-done:
			running = false
		}
	}
	fmt.Println("ticked before done:", ticks >= 1)
}
