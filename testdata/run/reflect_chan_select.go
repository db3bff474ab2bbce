// reflect.Select: ready cases chosen at random, default, blocking until a
// goroutine sends, receives of closed channels, ignored cases, panics.
package main

import (
	"fmt"
	"reflect"
)

func try(name string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Printf("%s: panic: %v\n", name, r)
		}
	}()
	f()
}

func main() {
	a := make(chan int, 100)
	b := make(chan string, 100)
	for i := 0; i < 100; i++ {
		a <- i
		b <- fmt.Sprint("s", i)
	}
	cases := []reflect.SelectCase{
		{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(a)},
		{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(b)},
	}
	var n [2]int
	for i := 0; i < 100; i++ {
		j, v, ok := reflect.Select(cases)
		if !ok || v.Kind() != []reflect.Kind{reflect.Int, reflect.String}[j] {
			fmt.Println("bad", j, v, ok)
		}
		n[j]++
	}
	fmt.Println("both chosen:", n[0] > 10 && n[1] > 10, n[0]+n[1])

	// Default when nothing is ready; its index is where it is listed.
	e := make(chan int)
	j, v, ok := reflect.Select([]reflect.SelectCase{
		{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(e)},
		{Dir: reflect.SelectDefault},
		{Dir: reflect.SelectSend, Chan: reflect.ValueOf(e), Send: reflect.ValueOf(1)},
	})
	fmt.Println(j, v.IsValid(), ok)

	// A send case; the received value of a send case is the zero Value.
	f := make(chan float64, 1)
	j, v, ok = reflect.Select([]reflect.SelectCase{
		{Dir: reflect.SelectSend, Chan: reflect.ValueOf(f), Send: reflect.ValueOf(2.5)},
		{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(e)},
	})
	fmt.Println(j, v.IsValid(), ok, <-f)

	// Blocking: parks until another goroutine sends.
	c1 := make(chan string)
	done := make(chan bool)
	go func() {
		c1 <- "hello"
		done <- true
	}()
	j, v, ok = reflect.Select([]reflect.SelectCase{
		{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(e)},
		{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(c1)},
	})
	fmt.Println(j, v, ok)
	<-done

	// A blocked send case completes when a receiver arrives.
	c2 := make(chan int)
	go func() { done <- (<-c2) == 42 }()
	j, _, _ = reflect.Select([]reflect.SelectCase{
		{Dir: reflect.SelectSend, Chan: reflect.ValueOf(c2), Send: reflect.ValueOf(42)},
	})
	fmt.Println(j, <-done)

	// Closed channel: the zero value, ok false. Ignored and nil channels.
	cl := make(chan []int)
	close(cl)
	var nilc chan int
	j, v, ok = reflect.Select([]reflect.SelectCase{
		{Dir: reflect.SelectRecv},
		{Dir: reflect.SelectSend, Send: reflect.ValueOf("ignored")},
		{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(nilc)},
		{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(cl)},
	})
	fmt.Println(j, v.Type(), v.IsNil(), ok)

	// A chosen send to a closed channel panics.
	try("send closed", func() {
		reflect.Select([]reflect.SelectCase{{Dir: reflect.SelectSend, Chan: reflect.ValueOf(cl), Send: reflect.ValueOf([]int{1})}})
	})
	try("invalid dir", func() { reflect.Select([]reflect.SelectCase{{Dir: 7}}) })
	try("two defaults", func() {
		reflect.Select([]reflect.SelectCase{{Dir: reflect.SelectDefault}, {Dir: reflect.SelectDefault}})
	})
	try("default chan", func() {
		reflect.Select([]reflect.SelectCase{{Dir: reflect.SelectDefault, Chan: reflect.ValueOf(e)}})
	})
	try("default send", func() {
		reflect.Select([]reflect.SelectCase{{Dir: reflect.SelectDefault, Send: reflect.ValueOf(1)}})
	})
	try("send recv-only", func() {
		reflect.Select([]reflect.SelectCase{{Dir: reflect.SelectSend, Chan: reflect.ValueOf((<-chan int)(e)), Send: reflect.ValueOf(1)}})
	})
	try("send missing", func() {
		reflect.Select([]reflect.SelectCase{{Dir: reflect.SelectSend, Chan: reflect.ValueOf(e)}})
	})
	try("send wrong type", func() {
		reflect.Select([]reflect.SelectCase{{Dir: reflect.SelectSend, Chan: reflect.ValueOf(e), Send: reflect.ValueOf("x")}})
	})
	try("recv has send", func() {
		reflect.Select([]reflect.SelectCase{{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(e), Send: reflect.ValueOf(1)}})
	})
	try("recv send-only", func() {
		reflect.Select([]reflect.SelectCase{{Dir: reflect.SelectRecv, Chan: reflect.ValueOf((chan<- int)(e))}})
	})
	j, _, _ = reflect.Select([]reflect.SelectCase{{Dir: reflect.SelectDefault}})
	fmt.Println("only default:", j)
}
