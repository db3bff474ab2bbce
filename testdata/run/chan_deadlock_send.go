package main

import "fmt"

// An unbuffered send with no receiver, after the only other goroutine has
// exited: all goroutines are asleep.

func main() {
	results := make(chan int)
	done := make(chan bool)
	go func() {
		sum := 0
		for i := 1; i <= 10; i++ {
			sum += i
		}
		fmt.Println("worker computed", sum)
		done <- true
	}()
	<-done
	fmt.Println("worker finished; sending with nobody to receive")
	results <- 55
	fmt.Println("unreachable")
}
