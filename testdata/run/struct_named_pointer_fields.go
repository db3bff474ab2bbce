package main

import "fmt"

type node struct {
	v    int
	next *node
	tags []string
}

func (n *node) Sum() int {
	s := 0
	for ; n != nil; n = n.next {
		s += n.v
	}
	return s
}

// A defined pointer type: p.f is shorthand for (*p).f for fields (it has
// no methods of its own).
type PN *node

func push(head PN, v int) PN {
	return &node{v: v, next: head}
}

func main() {
	var p PN = &node{v: 1}
	p.v++
	p.v *= 10
	p.next = &node{v: 9}
	p.tags = append(p.tags, "a", "b")
	fmt.Println(p.v, p.next.v, (*p).v, p.tags, len(p.tags))
	var head PN
	for i := 1; i <= 4; i++ {
		head = push(head, i)
	}
	fmt.Println((*node)(head).Sum(), head.v, head.next.next.v)
	q := &p.v
	*q = 100
	fmt.Println(p.v)
	defer func() { fmt.Println("recovered:", recover()) }()
	var nilp PN
	fmt.Println(nilp == nil)
	fmt.Println(nilp.v)
}
