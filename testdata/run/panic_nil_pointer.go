package main

import "fmt"

type Node struct {
	Val  int
	Next *Node
}

func main() {
	list := &Node{1, &Node{2, &Node{3, nil}}}
	n := list
	for i := 0; i < 5; i++ {
		fmt.Println("node value", n.Val)
		n = n.Next
	}
	fmt.Println("unreachable")
}
