package main

import "fmt"

func main() {
	var fib func(int) int
	memo := map[int]int{}
	calls := 0
	fib = func(n int) int {
		calls++
		if n < 2 {
			return n
		}
		if v, ok := memo[n]; ok {
			return v
		}
		v := fib(n-1) + fib(n-2)
		memo[n] = v
		return v
	}
	fmt.Println(fib(50), calls)

	var walk func(depth int, path string)
	walk = func(depth int, path string) {
		if depth == 0 {
			fmt.Println(path)
			return
		}
		walk(depth-1, path+"L")
		walk(depth-1, path+"R")
	}
	walk(3, "")

	type node struct {
		val         int
		left, right *node
	}
	var insert func(n *node, v int) *node
	insert = func(n *node, v int) *node {
		if n == nil {
			return &node{val: v}
		}
		if v < n.val {
			n.left = insert(n.left, v)
		} else {
			n.right = insert(n.right, v)
		}
		return n
	}
	var root *node
	for _, v := range []int{5, 3, 8, 1, 4, 9, 7} {
		root = insert(root, v)
	}
	var inorder func(n *node) []int
	inorder = func(n *node) []int {
		if n == nil {
			return nil
		}
		return append(append(inorder(n.left), n.val), inorder(n.right)...)
	}
	fmt.Println(inorder(root))
}
