package main

import "cmp"

type P struct{ x int }

func main() {
	_ = cmp.Compare(P{1}, P{2})
}
