package main

import (
	"fmt"
	"sort"
)

type Bank struct {
	deposit  func(int)
	withdraw func(int) bool
	balance  func() int
	history  func() []string
}

func newBank(initial int) Bank {
	bal := initial
	var log []string
	return Bank{
		deposit: func(n int) {
			bal += n
			log = append(log, fmt.Sprintf("+%d", n))
		},
		withdraw: func(n int) bool {
			if n > bal {
				log = append(log, fmt.Sprintf("!%d", n))
				return false
			}
			bal -= n
			log = append(log, fmt.Sprintf("-%d", n))
			return true
		},
		balance: func() int { return bal },
		history: func() []string { return log },
	}
}

func main() {
	b := newBank(100)
	b.deposit(50)
	fmt.Println(b.withdraw(120), b.balance())
	fmt.Println(b.withdraw(120), b.balance())
	b.deposit(5)
	fmt.Println(b.history(), b.balance())
	other := newBank(0)
	other.deposit(1)
	fmt.Println(other.balance(), b.balance())
	words := []string{"pear", "fig", "banana", "kiwi"}
	byLen := 0
	sort.Slice(words, func(i, j int) bool {
		byLen++
		if len(words[i]) != len(words[j]) {
			return len(words[i]) < len(words[j])
		}
		return words[i] < words[j]
	})
	fmt.Println(words, byLen > 0)
}
