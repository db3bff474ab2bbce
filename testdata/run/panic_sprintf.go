package main

import "fmt"

type Account struct {
	ID      int
	Balance int
}

func (a *Account) Withdraw(n int) {
	if n > a.Balance {
		panic(fmt.Sprintf("account %d: insufficient funds: have %d, need %d", a.ID, a.Balance, n))
	}
	a.Balance -= n
	fmt.Printf("account %d: withdrew %d, left %d\n", a.ID, n, a.Balance)
}

func main() {
	acc := &Account{ID: 7, Balance: 100}
	acc.Withdraw(30)
	acc.Withdraw(50)
	acc.Withdraw(40)
	fmt.Println("unreachable")
}
