// Race-free uses of context cancellation, time.AfterFunc and sort.Slice:
// each write is ordered before the read by the edge under test, which a
// detector without it reports falsely.
package main

import (
	"context"
	"fmt"
	"sort"
	"time"
)

var x, y, z, w int

func main() {
	// cancel() happens before <-ctx.Done() returns.
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan bool)
	go func() {
		<-ctx.Done()
		fmt.Println("x =", x)
		done <- true
	}()
	x = 1
	cancel()
	<-done

	// cancel() happens before ctx.Err() observes it.
	ctx2, cancel2 := context.WithCancel(context.Background())
	go func() {
		y = 2
		cancel2()
	}()
	for ctx2.Err() == nil {
		time.Sleep(time.Millisecond)
	}
	fmt.Println("y =", y, ctx2.Err())

	// The call to AfterFunc happens before f runs.
	fired := make(chan bool)
	z = 3
	time.AfterFunc(time.Millisecond, func() {
		z++
		fired <- true
	})
	<-fired
	fmt.Println("z =", z)

	// So does a Reset of its timer.
	t := time.AfterFunc(time.Hour, func() {
		w++
		fired <- true
	})
	w = 4
	t.Reset(time.Millisecond)
	<-fired
	fmt.Println("w =", w)

	// A deadline: the cancellation runs in AfterFunc's goroutine.
	ctx3, cancel3 := context.WithTimeout(context.Background(), time.Millisecond)
	defer cancel3()
	<-ctx3.Done()
	fmt.Println(ctx3.Err())

	// Sorting in a goroutine, then reading after a receive.
	s := []int{3, 1, 2}
	go func() {
		sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
		done <- true
	}()
	<-done
	fmt.Println(s)
}
