package main

import (
	"fmt"
	"runtime"
	"sync"
	"time"
)

type shape interface{ area() int }
type sq struct{ s int }
type rect struct{ w, h int }

func (q sq) area() int   { return q.s * q.s }
func (r rect) area() int { return r.w * r.h }

// Goroutines race on shared slices, strings and interfaces with no
// synchronisation: Go gives no guarantee about the values seen, but the
// program must not crash (memory safety), so it only checks invariants
// that hold for any interleaving.
func main() {
	runtime.GOMAXPROCS(8)
	var (
		sl  = []int{1, 2, 3}
		str = "hello"
		sh  shape = sq{2}
	)
	var wg sync.WaitGroup
	stop := time.Now().Add(300 * time.Millisecond)
	bad := make(chan string, 100)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; time.Now().Before(stop); i++ {
				switch (g + i) % 6 {
				case 0:
					sl = make([]int, i%7+1)
				case 1:
					s := sl
					if len(s) > 0 {
						s[len(s)-1] = i
					}
				case 2:
					str = fmt.Sprint("s", i)
				case 3:
					if s := str; len(s) == 0 || (s[0] != 'h' && s[0] != 's') {
						bad <- "string " + s
					}
				case 4:
					if i%2 == 0 {
						sh = sq{i % 10}
					} else {
						sh = rect{i % 10, 2}
					}
				case 5:
					if a := sh.area(); a < 0 {
						bad <- "area"
					}
				}
			}
		}(g)
	}
	wg.Wait()
	close(bad)
	for b := range bad {
		fmt.Println("bad:", b)
	}
	fmt.Println("done")
}
