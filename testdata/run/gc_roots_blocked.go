package main

import (
	"fmt"
	"runtime"
	"strconv"
	"sync"
	"time"
)

// Roots held by the runtime rather than by plain variables: a parked
// goroutine's locals, channel buffers, blocked senders, select cases, a
// timer's func, unheld timers' channels, deferred calls and panics in
// flight (a runtime error's value exists nowhere else). Each object is
// reachable only from its root while garbage is allocated and collected.

type Obj struct {
	id   int
	name string
	vals [32]int
	kid  *[]int
}

func newObj(id int) *Obj {
	kid := make([]int, 40)
	o := &Obj{id: id, name: "obj-" + strconv.Itoa(id*7919), kid: &kid}
	for i := range o.vals {
		o.vals[i] = (id*32 + i) * 7919
	}
	for i := range kid {
		kid[i] = id*1000 + i
	}
	return o
}

func (o *Obj) check() string {
	s := len(o.name)
	for i, v := range o.vals {
		if v != (o.id*32+i)*7919 {
			return fmt.Sprintf("id=%d CORRUPT vals[%d]=%d", o.id, i, v)
		}
		s += v % 1000
	}
	for i, v := range *o.kid {
		if v != o.id*1000+i {
			return fmt.Sprintf("id=%d CORRUPT kid[%d]=%d", o.id, i, v)
		}
		s += v
	}
	return fmt.Sprintf("id=%d %s sum=%d", o.id, o.name, s)
}

func (o *Obj) report(kind string) { fmt.Println(kind+":", o.check()) }

func report(kind string, o *Obj) { o.report(kind) }

type junk struct {
	a, b int
	p    *junk
}

// churn allocates n short-lived objects of several shapes, filled
// with values no root object holds, so that reused memory shows.
func churn(n, seed int) {
	var ring [64]any
	var prev *junk
	for i := 0; i < n; i++ {
		switch i % 4 {
		case 0:
			prev = &junk{-i, -seed, prev}
			if i%1024 == 0 {
				prev = nil
			}
			ring[i%64] = prev
		case 1:
			ring[i%64] = strconv.Itoa(-i*seed) + "garbage"
		case 2:
			s := make([]int, 12)
			for j := range s {
				s[j] = -1 - j
			}
			ring[i%64] = s
		case 3:
			ring[i%64] = [6]int{-1, -2, -3, -4, -5, -6}
		}
	}
}

// collect: garbage, two forced collections, then more garbage that reuses
// the memory they freed.
func collect() {
	churn(200000, 3)
	runtime.GC()
	runtime.GC()
	churn(50000, 7)
}

func fillBuffer(c chan *Obj) {
	c <- newObj(4)
	c <- newObj(5)
}

func armTimer(done chan string) *time.Timer {
	o := newObj(9)
	return time.AfterFunc(time.Hour, func() { done <- o.check() })
}

func mkCheck(id int, kind string) func() {
	o := newObj(id)
	return func() { o.report(kind) }
}

func deferRoots() {
	defer mkCheck(10, "deferred closure capture")()
	defer report("deferred arg", newObj(11))
	defer newObj(12).report("deferred method receiver")
	collect()
	fmt.Println("deferRoots returns")
}

func at(s []int, i int) int { return s[i] }

func panicRoot(mk func() any) (out string) {
	defer func() {
		switch r := recover().(type) {
		case *Obj:
			out = "panic *Obj: " + r.check()
		case error:
			out = "panic error: " + r.Error()
		}
	}()
	defer collect()
	panic(mk())
}

func main() {
	start, res := make(chan bool), make(chan string)
	go func() {
		o := newObj(3)
		<-start
		res <- o.check()
	}()
	buf := make(chan *Obj, 3)
	fillBuffer(buf)
	unbuf := make(chan *Obj)
	go func() { unbuf <- newObj(6) }()
	sel1, sel2 := make(chan *Obj), make(chan *Obj)
	go func() {
		select {
		case sel1 <- newObj(7):
		case sel2 <- newObj(8):
		}
	}()
	var mu sync.Mutex
	mu.Lock()
	go func() {
		o := newObj(14)
		mu.Lock()
		res <- o.check()
		mu.Unlock()
	}()
	done := make(chan string)
	t := armTimer(done)
	// Goroutines parked in a deferred call while a runtime error's panic,
	// whose value is nowhere else, is in flight.
	release, perr := make(chan bool), make([]string, 20)
	var pwg sync.WaitGroup
	for i := range perr {
		pwg.Add(1)
		go func() {
			defer pwg.Done()
			defer func() {
				<-release
				perr[i] = recover().(error).Error()
			}()
			churn(100, i) // garbage around the error value
			at(make([]int, i), 100+i)
		}()
	}
	for i := 0; i < 50; i++ {
		// Timers nobody holds: only the runtime reaches their channels.
		time.NewTimer(time.Duration(i*2) * time.Millisecond)
		time.After(time.Duration(i*2+1) * time.Millisecond)
	}

	collect()

	start <- true
	fmt.Println("parked goroutine (chan receive):", <-res)
	fmt.Println("buffered:", (<-buf).check(), (<-buf).check())
	fmt.Println("blocked sender:", (<-unbuf).check())
	fmt.Println("select send case:", (<-sel1).check())
	mu.Unlock()
	fmt.Println("parked goroutine (mutex):", <-res)
	close(release)
	pwg.Wait()
	good := 0
	for i, e := range perr {
		if e == fmt.Sprintf("runtime error: index out of range [%d] with length %d", 100+i, i) {
			good++
		}
	}
	fmt.Println("panics in flight in parked goroutines:", good, "of", len(perr), perr[19])
	t.Reset(time.Millisecond)
	fmt.Println("AfterFunc capture:", <-done)
	deferRoots()
	fmt.Println(panicRoot(func() any { return newObj(13) }))
	fmt.Println(panicRoot(func() any { return fmt.Errorf("boom %d", 15*7919) }))
	fmt.Println(panicRoot(func() any { return at(make([]int, 3), 7919%1000) }))
	time.Sleep(100 * time.Millisecond)
	fmt.Println("unheld timers fired")
}
