package main

import (
	"fmt"
	"math/big"
	"time"
)

type Money struct{ C int }

func (m Money) Format(f fmt.State, v rune) { fmt.Fprintf(f, "$%d", m.C) }

type Outer struct {
	Money
	X int
}

type Amount struct {
	*big.Int
	Unit string
}

type Stamp struct {
	time.Time
}

func main() {
	fmt.Println(Outer{Money{5}, 1})
	fmt.Printf("%+v %d\n", Outer{Money{6}, 2}, &Outer{Money{7}, 3})
	fmt.Printf("%v %x\n", Amount{big.NewInt(255), "wei"}, Amount{big.NewInt(255), "wei"})
	fmt.Println(Stamp{time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)})
	var f fmt.Formatter = Outer{}
	_ = f
}
