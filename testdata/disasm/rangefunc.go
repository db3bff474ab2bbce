package main

import "fmt"

// Count yields 0..n-1.
func Count(n int) func(func(int) bool) {
	return func(yield func(int) bool) {
		for i := 0; i < n; i++ {
			if !yield(i) {
				return
			}
		}
	}
}

// firstOver compiles its loop body to firstOver-range1, the yield closure;
// the return leaves it through exit code 1 and the result holder.
func firstOver(limit int) int {
	for i := range Count(100) {
		if i*i > limit {
			return i
		}
	}
	return -1
}

func main() {
	fmt.Println(firstOver(50))
}
