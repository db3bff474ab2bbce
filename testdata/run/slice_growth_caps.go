package main

import "fmt"

// Capacities chosen by append follow Go's growslice: doubling below 256
// elements, then ~1.25x, rounded up to the allocator's size classes.

func trace(name string, elemAppend func() (int, int)) {
	var caps []int
	last := -1
	for i := 0; i < 1500; i++ {
		l, c := elemAppend()
		_ = l
		if c != last {
			last = c
			caps = append(caps, c)
		}
	}
	fmt.Println(name, caps)
}

func main() {
	var ints []int
	trace("int", func() (int, int) { ints = append(ints, 1); return len(ints), cap(ints) })
	var bs []byte
	trace("byte", func() (int, int) { bs = append(bs, 1); return len(bs), cap(bs) })
	type triple struct{ a, b, c int64 }
	var ts []triple
	trace("triple", func() (int, int) { ts = append(ts, triple{}); return len(ts), cap(ts) })
	s := []int{}
	s = append(s, 1, 2, 3)
	fmt.Println(len(s), cap(s))
	s = append(s, 4, 5, 6, 7, 8)
	fmt.Println(len(s), cap(s))
	b := append([]byte(nil), "hello, world"...)
	fmt.Println(len(b), cap(b))
	var strs []string
	for i := 0; i < 5; i++ {
		strs = append(strs, "x")
		fmt.Print(cap(strs), " ")
	}
	fmt.Println()
}
