package main

import (
	"fmt"
	"math"
)

func try(name string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Println(name, "panics:", r)
		}
	}()
	f()
}

func main() {
	// Zero-size elements take no buffer: any capacity is allowed.
	ch := make(chan struct{}, math.MaxInt64)
	ch <- struct{}{}
	ch <- struct{}{}
	fmt.Println(len(ch), cap(ch) == math.MaxInt64)
	<-ch
	fmt.Println(len(ch))
	e := make(chan [0]int, 1<<62)
	fmt.Println(cap(e))
	n := -1
	try("negative", func() { _ = make(chan int, n) })
	big := math.MaxInt64
	try("too big", func() { _ = make(chan int, big) })
	try("huge bytes", func() { _ = make(chan byte, 1<<49) })
	fmt.Println(cap(make(chan byte, 1<<20)))
}
