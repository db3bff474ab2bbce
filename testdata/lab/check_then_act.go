package main

import (
	"fmt"
	"sync"
)

// Two withdrawals of 80 from a balance of 100: a check-then-act race.
// Only a switch at the one call between the check and the update lets
// both pass the check; most interleavings print "balance: 20".
var balance = 100

func audit() {}

func busy(n int) int {
	s := 0
	for i := 0; i < n; i++ {
		s += i
	}
	return s
}

func withdraw(wg *sync.WaitGroup) {
	defer wg.Done()
	busy(40)
	if balance >= 80 {
		audit()
		balance -= 80
	}
	busy(40)
}

func main() {
	var wg sync.WaitGroup
	wg.Add(2)
	go withdraw(&wg)
	go withdraw(&wg)
	wg.Wait()
	fmt.Println("balance:", balance)
}
