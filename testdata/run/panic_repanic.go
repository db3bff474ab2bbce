package main

import "fmt"

func cleanup() {
	if r := recover(); r != nil {
		fmt.Println("cleanup caught:", r)
		panic(fmt.Sprintf("cleanup failed after: %v", r))
	}
}

func work() {
	defer cleanup()
	fmt.Println("working")
	panic("disk full")
}

func main() {
	defer fmt.Println("main's deferred call runs")
	work()
	fmt.Println("unreachable")
}
