package main

import (
	"fmt"
	"time"
)

// time.Timer with Go 1.23+ semantics: the channel is unbuffered (len and cap
// are 0), Stop and Reset on an expired but unreceived timer report true and
// leave no stale value behind.

func pending(c <-chan time.Time) string {
	select {
	case <-c:
		return "a value"
	default:
		return "nothing"
	}
}

func main() {
	t := time.NewTimer(time.Hour)
	fmt.Println("len/cap:", len(t.C), cap(t.C))
	fmt.Println("Stop pending timer:", t.Stop())
	fmt.Println("Stop again:", t.Stop())
	fmt.Println("after Stop:", pending(t.C))

	t = time.NewTimer(10 * time.Millisecond)
	start := time.Now()
	<-t.C
	fmt.Println("fired after 10ms:", time.Since(start) >= 10*time.Millisecond)
	fmt.Println("Stop after receive:", t.Stop())

	t = time.NewTimer(5 * time.Millisecond)
	time.Sleep(40 * time.Millisecond)
	fmt.Println("len after expiry:", len(t.C))
	fmt.Println("Stop expired, unreceived:", t.Stop())
	fmt.Println("stale value:", pending(t.C))

	t = time.NewTimer(5 * time.Millisecond)
	time.Sleep(40 * time.Millisecond)
	fmt.Println("Reset expired, unreceived:", t.Reset(30*time.Millisecond))
	fmt.Println("right after Reset:", pending(t.C))
	start = time.Now()
	<-t.C
	fmt.Println("waited for the new deadline:", time.Since(start) >= 20*time.Millisecond)
	time.Sleep(40 * time.Millisecond)
	fmt.Println("one value per Reset:", pending(t.C))

	t = time.NewTimer(time.Hour)
	fmt.Println("Reset pending timer:", t.Reset(5*time.Millisecond))
	<-t.C
	fmt.Println("reset timer fired")

	d := 1500 * time.Millisecond
	fmt.Println(d, time.Duration(0), 2*time.Hour+3*time.Minute, 42*time.Microsecond)
}
