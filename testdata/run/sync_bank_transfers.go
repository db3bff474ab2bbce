package main

import (
	"fmt"
	"sync"
)

// Transfers between accounts, each guarded by its own mutex and locked in a
// fixed order (by id) so concurrent transfers cannot deadlock. The total is
// conserved.

type account struct {
	id      int
	mu      sync.Mutex
	balance int
}

func transfer(from, to *account, amount int) bool {
	first, second := from, to
	if second.id < first.id {
		first, second = second, first
	}
	first.mu.Lock()
	defer first.mu.Unlock()
	second.mu.Lock()
	defer second.mu.Unlock()
	if from.balance < amount {
		return false
	}
	from.balance -= amount
	to.balance += amount
	return true
}

func main() {
	accts := make([]*account, 5)
	for i := range accts {
		accts[i] = &account{id: i, balance: 1000}
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	ok, refused := 0, 0
	for g := 0; g < 10; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 300; i++ {
				from := accts[(g+i)%5]
				to := accts[(g*3+i*7+1)%5]
				if from == to {
					continue
				}
				done := transfer(from, to, (i%50)+1)
				mu.Lock()
				if done {
					ok++
				} else {
					refused++
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	total := 0
	for _, a := range accts {
		total += a.balance
	}
	fmt.Println("total:", total)
	fmt.Println("attempts:", ok+refused)
}
