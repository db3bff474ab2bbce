package main

import "fmt"

// close: buffered values are still delivered, then receives return the
// zero value at once with ok == false.

type pair struct {
	k string
	v int
}

func main() {
	ch := make(chan int, 3)
	ch <- 10
	ch <- 20
	close(ch)
	for i := 0; i < 4; i++ {
		v, ok := <-ch
		fmt.Println("recv", v, ok, "len", len(ch))
	}

	s := make(chan string)
	close(s)
	v, ok := <-s
	fmt.Printf("%q %v\n", v, ok)
	fmt.Printf("%q\n", <-s)

	ps := make(chan pair, 1)
	ps <- pair{"a", 1}
	close(ps)
	p, ok := <-ps
	fmt.Printf("%+v %v\n", p, ok)
	p, ok = <-ps
	fmt.Printf("%+v %v\n", p, ok)

	es := make(chan error)
	close(es)
	e, ok := <-es
	fmt.Println(e, ok, e == nil)

	sl := make(chan []int)
	close(sl)
	x, ok := <-sl
	fmt.Println(x == nil, len(x), ok)

	// close wakes every blocked receiver.
	gate := make(chan struct{})
	done := make(chan int)
	for i := 1; i <= 5; i++ {
		go func() {
			_, ok := <-gate
			if !ok {
				done <- i
			}
		}()
	}
	close(gate)
	total := 0
	for i := 0; i < 5; i++ {
		total += <-done
	}
	fmt.Println("woken receivers, sum of ids:", total)
}
