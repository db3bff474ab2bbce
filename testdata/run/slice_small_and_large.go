package main

import (
	"fmt"
	"runtime"
)

// Slices and arrays on either side of 127 elements (small ones are held
// in one word): appends that grow across it, re-slicing, full slice
// expressions, copies, pointers to arrays, and byte and bool elements.

type node struct {
	vals []int
	tags []string
	next *node
}

func total(s []int) int {
	t := 0
	for i, v := range s {
		t += (i + 1) * v
	}
	return t
}

func main() {
	var s []int
	caps := map[int]bool{}
	for i := 0; i < 300; i++ {
		s = append(s, i)
		caps[cap(s)] = true
		if i == 126 || i == 127 || i == 128 {
			fmt.Println(len(s), total(s), s[len(s)-1])
		}
	}
	fmt.Println(len(s), total(s), len(caps) > 3)

	for _, n := range []int{0, 1, 126, 127, 128, 129, 255} {
		b := make([]byte, n, n+1)
		for i := range b {
			b[i] = byte(i * 7)
		}
		bb := b[n/2:]
		bb = append(bb, 'z')
		f := make([]bool, n)
		for i := range f {
			f[i] = i%3 == 0
		}
		trues := 0
		for _, x := range f[:n/2+n%2] {
			if x {
				trues++
			}
		}
		x := make([]int, n)
		y := x[:0:0]
		y = append(y, 5)
		x3 := x[n/4 : n/2 : n-n/4]
		fmt.Println(n, len(b), cap(b), len(bb), cap(bb), bb[len(bb)-1], trues, len(x3), cap(x3), y[0], cap(y) >= 1)
	}

	// Arrays and pointers to them.
	var a127 [127]int
	var a128 [128]int
	for i := range a127 {
		a127[i] = i
	}
	for i := range a128 {
		a128[i] = 2 * i
	}
	b127, b128 := a127, a128
	b127[0], b128[0] = 99, 99
	p, q := &a127, &a127
	r, t := &a128, &a128
	fmt.Println(a127[0], a128[0], b127[0], b128[0], p == q, r == t, len(p), len(r))
	p[5] = -5
	r[5] = -5
	fmt.Println(a127[5], a128[5], a127 == *p, a128 == *r, b127 == a127)
	sl := a128[:]
	sl[7] = 77
	sm := a127[120:]
	sm[0] = 1200
	fmt.Println(a128[7], a127[120], len(sm), cap(sm))
	var z1, z2 [0]int
	fmt.Println(len(z1), z1 == z2)

	// Slices that survive a collection only through other objects.
	var head *node
	for i := 0; i < 2000; i++ {
		n := &node{next: head}
		for j := 0; j < i%200; j++ {
			n.vals = append(n.vals, i+j)
		}
		n.tags = append(n.tags, fmt.Sprint("t", i), fmt.Sprint(i%7))
		n.tags = n.tags[1:]
		head = n
	}
	runtime.GC()
	sum, tags := 0, 0
	for n := head; n != nil; n = n.next {
		sum += total(n.vals)
		tags += len(n.tags[0])
	}
	fmt.Println(sum, tags)

	// copy between the two forms.
	big := make([]int, 200)
	small := make([]int, 100)
	for i := range small {
		small[i] = i + 1
	}
	fmt.Println(copy(big[50:], small), big[50], big[149], copy(small, big[100:]), small[0], small[99])
}
