package main

// time.AfterFunc: a stopped timer's goroutine ends (no goroutine is left
// behind by context.WithTimeout + cancel, which stop one each), Stop and
// Reset report as Go's, Reset re-arms a fired or stopped timer, and the
// Timer's C is nil.

import (
	"context"
	"fmt"
	"runtime"
	"time"
)

func main() {
	before := runtime.NumGoroutine()
	for i := 0; i < 1000; i++ {
		t := time.AfterFunc(time.Hour, func() { panic("fired") })
		if !t.Stop() {
			panic("Stop of a pending timer reported false")
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
		cancel()
		<-ctx.Done()
	}
	time.Sleep(50 * time.Millisecond)
	fmt.Println("goroutines left behind:", runtime.NumGoroutine()-before)

	fired := make(chan int, 10)
	n := 0
	t := time.AfterFunc(10*time.Millisecond, func() { n++; fired <- n })
	fmt.Println("C is nil:", t.C == nil)
	fmt.Println("fired:", <-fired)
	fmt.Println("Stop after fire:", t.Stop())
	fmt.Println("Reset after fire:", t.Reset(10*time.Millisecond))
	fmt.Println("fired again:", <-fired)
	t.Reset(time.Hour)
	fmt.Println("Stop pending:", t.Stop(), "twice:", t.Stop())
	fmt.Println("Reset after stop:", t.Reset(5*time.Millisecond))
	fmt.Println("fired after reset:", <-fired)
	fmt.Println("Reset pending:", t.Reset(time.Hour), t.Reset(5*time.Millisecond))
	fmt.Println("fired once more:", <-fired)
	time.Sleep(30 * time.Millisecond)
	select {
	case v := <-fired:
		fmt.Println("extra fire:", v)
	default:
		fmt.Println("no extra fire")
	}
}
