// Races on a struct field, a slice element, a map and a captured
// variable, each its own report.
package main

import (
	"fmt"
	"time"
)

type point struct{ x, y int }

func main() {
	p := &point{}
	s := make([]int, 4)
	m := map[string]int{}
	n := 0
	go func() {
		p.y = 1
		s[2] = 5
		m["a"] = 1
		n++
	}()
	time.Sleep(20 * time.Millisecond)
	fmt.Println(p.y)
	s[2] = 6
	fmt.Println(m["a"])
	fmt.Println(n)
}
