// Whole-struct and whole-array copies read (and assignments write)
// every word they copy: each races with a field or element write.
package main

import (
	"fmt"
	"time"
)

type point struct{ x, y int }

var g point

func show(p point) int { return p.x }

func main() {
	p := &point{}
	go func() {
		p.y = 1
	}()
	time.Sleep(20 * time.Millisecond)
	q := *p
	fmt.Println(q.x)

	go func() {
		g.x = 2
	}()
	time.Sleep(20 * time.Millisecond)
	g = point{3, 4}
	fmt.Println(g.x)

	arr := &[3]int{}
	go func() {
		arr[1] = 5
	}()
	time.Sleep(20 * time.Millisecond)
	b := *arr
	fmt.Println(b[0])

	ps := []point{{1, 2}, {3, 4}}
	go func() {
		ps[1].y = 7
	}()
	time.Sleep(20 * time.Millisecond)
	for _, v := range ps {
		fmt.Println(show(v))
	}
}
