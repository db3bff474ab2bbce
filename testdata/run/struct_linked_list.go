package main

import (
	"fmt"
	"strings"
)

type Node struct {
	Val  int
	Next *Node
}

type List struct {
	head *Node
	size int
}

func (l *List) Push(v int) {
	l.head = &Node{v, l.head}
	l.size++
}

func (l *List) Reverse() {
	var prev *Node
	cur := l.head
	for cur != nil {
		next := cur.Next
		cur.Next = prev
		prev = cur
		cur = next
	}
	l.head = prev
}

func (l *List) String() string {
	var sb strings.Builder
	sb.WriteString("[")
	for n := l.head; n != nil; n = n.Next {
		if n != l.head {
			sb.WriteString(" -> ")
		}
		fmt.Fprintf(&sb, "%d", n.Val)
	}
	sb.WriteString("]")
	return sb.String()
}

func main() {
	l := &List{}
	fmt.Println(l, l.size)
	for i := 1; i <= 5; i++ {
		l.Push(i * i)
	}
	fmt.Println(l, l.size)
	l.Reverse()
	fmt.Println(l)
	sum := 0
	for n := l.head; n != nil; n = n.Next {
		sum += n.Val
	}
	fmt.Println("sum", sum)
	var empty List
	empty.Reverse()
	fmt.Println(empty.String())
}
