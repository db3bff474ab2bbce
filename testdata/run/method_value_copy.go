package main

import "fmt"

type Account struct {
	Owner   string
	Balance int
	History []int
}

func (a Account) Snapshot() string {
	return fmt.Sprintf("%s:%d:%v", a.Owner, a.Balance, a.History)
}

func (a Account) TryDeposit(n int) {
	a.Balance += n
	a.History = append(a.History, n)
}

func (a *Account) Deposit(n int) {
	a.Balance += n
	a.History = append(a.History, n)
}

func main() {
	acc := Account{Owner: "ann", History: make([]int, 0, 10)}
	acc.TryDeposit(100)
	fmt.Println(acc.Snapshot())
	acc.Deposit(50)
	fmt.Println(acc.Snapshot())
	snap := acc.Snapshot
	acc.Deposit(25)
	fmt.Println(snap(), "vs", acc.Snapshot())
	acc.TryDeposit(7)
	fmt.Println(acc.History, acc.History[:cap(acc.History)][2])
	accounts := []Account{{Owner: "a"}, {Owner: "b"}}
	for _, a := range accounts {
		a.Deposit(10)
	}
	fmt.Println(accounts[0].Balance, accounts[1].Balance)
	for i := range accounts {
		accounts[i].Deposit(10)
	}
	fmt.Println(accounts[0].Snapshot(), accounts[1].Snapshot())
	m := map[string]*Account{"z": {Owner: "z"}}
	m["z"].Deposit(3)
	fmt.Println(m["z"].Snapshot())
}
