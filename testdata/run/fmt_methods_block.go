package main

// String, Error and GoString methods that block (a channel receive, a
// contended mutex, a WaitGroup) work when fmt calls them, as do the funcs
// strings.Map, IndexFunc, FieldsFunc and TrimFunc call.

import (
	"errors"
	"fmt"
	"strings"
	"sync"
)

type fromChan struct{ ch chan string }

func (f fromChan) String() string { return <-f.ch }

type locked struct {
	mu sync.Mutex
	n  int
}

func (l *locked) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return fmt.Sprintf("locked(%d)", l.n)
}

type slowErr struct{ done chan struct{} }

func (e slowErr) Error() string {
	<-e.done
	return "slow error"
}

type gs struct{ ch chan int }

func (g gs) GoString() string { return fmt.Sprintf("gs{%d}", <-g.ch) }

type waits struct{ wg *sync.WaitGroup }

func (w waits) String() string {
	w.wg.Wait()
	return "waited"
}

type panics struct{ nilPanic bool }

func (p panics) String() string {
	if p.nilPanic {
		panic(nil)
	}
	panic("boom")
}

type ptr struct{ s string }

func (p *ptr) String() string { return p.s }

type pair struct {
	A fromChan
	B *locked
}

func main() {
	f := fromChan{make(chan string)}
	go func() {
		f.ch <- "first"
		f.ch <- "second"
		f.ch <- "third"
		f.ch <- "fourth"
	}()
	fmt.Println(f)
	s := fmt.Sprintf("%v|%s", f, f)
	fmt.Println(s)
	fmt.Printf("%d %v\n", 7, f)

	l := &locked{n: 5}
	l.mu.Lock()
	release := make(chan bool)
	go func() {
		<-release
		l.n = 6
		l.mu.Unlock()
	}()
	go func() { release <- true }()
	fmt.Println("mutex:", l)

	e := slowErr{make(chan struct{})}
	go close(e.done)
	err := fmt.Errorf("wrapped: %w", e)
	fmt.Println(err, errors.Is(err, e))

	g := gs{make(chan int, 1)}
	g.ch <- 42
	fmt.Printf("%#v\n", g)

	var wg sync.WaitGroup
	wg.Add(1)
	go wg.Done()
	fmt.Print(waits{&wg}, "\n")

	c := make(chan string, 2)
	c <- "x"
	c <- "y"
	p := pair{fromChan{c}, &locked{n: 1}}
	fmt.Printf("%v %+v\n", p, p)
	c <- "z"
	fmt.Println(fmt.Sprint(fromChan{c}))

	fmt.Println(panics{}, panics{nilPanic: true})
	var np *ptr
	fmt.Println(np, &ptr{"set"})
	fmt.Printf("%d %s\n", panics{}, []fmt.Stringer{&ptr{"a"}, &ptr{"b"}})

	// strings' func-taking functions call back into Go code that blocks.
	toggle := make(chan rune, 100)
	mapped := strings.Map(func(r rune) rune {
		toggle <- r
		return <-toggle + 1
	}, "HAL")
	fmt.Println(mapped)
	ready := make(chan bool)
	go func() {
		for i := 0; i < 100; i++ {
			ready <- true
		}
	}()
	isSpace := func(r rune) bool {
		<-ready
		return r == ' '
	}
	fmt.Println(strings.IndexFunc("go run it", isSpace))
	fmt.Printf("%q\n", strings.FieldsFunc("  a bb  ccc ", isSpace))
	fmt.Printf("%q\n", strings.TrimFunc("  trim me  ", isSpace))
	fmt.Printf("%q\n", strings.TrimFunc("\xff x \xfe", func(r rune) bool { return r == 0xFFFD || r == ' ' }))
	fmt.Println(strings.LastIndexFunc("a b c", isSpace), strings.ContainsFunc("abc", isSpace))
	fmt.Printf("%q %q\n", strings.TrimLeftFunc("  l  ", isSpace), strings.TrimRightFunc("  r  ", isSpace))
	fmt.Printf("%q\n", strings.Map(func(r rune) rune {
		if r == 'x' {
			return -1
		}
		return r
	}, "axbx\xffc"))
	fmt.Println(len(strings.FieldsFunc("", isSpace)), strings.FieldsFunc("", isSpace) == nil)
}
