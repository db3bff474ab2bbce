// Races that the context and time.AfterFunc edges do not hide, and one
// with sort.Slice's swaps, which write the elements.
package main

import (
	"context"
	"fmt"
	"sort"
	"time"
)

var x, z int

func main() {
	// A write after cancel() is not ordered before the reader.
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan bool)
	go func() {
		<-ctx.Done()
		fmt.Println(x > 0)
		done <- true
	}()
	cancel()
	x = 1
	<-done

	// A write after AfterFunc is not ordered before f.
	fired := make(chan bool)
	time.AfterFunc(time.Millisecond, func() {
		z = 3
		fired <- true
	})
	z = 4
	<-fired
	fmt.Println("z =", z)

	s := []int{3, 1, 2}
	go func() {
		sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
		done <- true
	}()
	time.Sleep(20 * time.Millisecond)
	fmt.Println(s[0] > 0)
	<-done
}
