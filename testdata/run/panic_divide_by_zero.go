package main

import "fmt"

func avg(xs []int) int {
	sum := 0
	for _, x := range xs {
		sum += x
	}
	return sum / len(xs)
}

func main() {
	fmt.Println("avg", avg([]int{1, 2, 3, 4}))
	zero := 0.0
	fmt.Println("float division by zero is fine:", 1.0/zero, -1/zero)
	defer fmt.Println("deferred print still runs before the crash")
	fmt.Println("avg", avg(nil))
}
