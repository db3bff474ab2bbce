package main

import (
	"fmt"
	"math/big"
)

type Account struct {
	Name    string
	Balance *big.Int
}

type Ledger struct {
	Accounts []Account
	Totals   map[string]*big.Int
	Ratio    *big.Rat
}

func main() {
	huge, _ := new(big.Int).SetString("123456789012345678901234567890123456789", 10)
	negHuge := new(big.Int).Neg(huge)
	var nilInt *big.Int
	values := []*big.Int{big.NewInt(255), big.NewInt(-255), big.NewInt(0), huge, negHuge, nilInt}
	formats := []string{
		"%b", "%o", "%O", "%d", "%x", "%X", "%s", "%v",
		"%+d", "% d", "%#b", "%#o", "%#O", "%#x", "%#X", "%#d", "%#v", "%+v",
		"%8d", "%-8d|", "%08d", "%-08d|", "%+08d", "% 08d", "%#010x", "%#-10x|",
		"%.5d", "%8.5d", "%-8.5d|", "%08.5d", "%.0d", "%.d", "%5.0d|", "%.50x",
		"%q", "%c", "%f", "%e", "%t", "%U",
		"%3d", "%60d",
	}
	for _, f := range formats {
		fmt.Printf("%-8s", f)
		for _, v := range values {
			fmt.Printf(" ["+f+"]", v)
		}
		fmt.Println()
	}
	fmt.Printf("%*d|%-*d|\n", 7, big.NewInt(42), 7, big.NewInt(-42))
	fmt.Printf("%[1]d %[1]x %[1]o %[1]b\n", big.NewInt(10))
	fmt.Printf("%T %T\n", huge, big.NewRat(1, 2))

	fmt.Println(big.NewInt(255), huge, nilInt)
	fmt.Print(big.NewInt(1), big.NewInt(2), "\n")
	fmt.Println(fmt.Sprint(negHuge), fmt.Sprintf("%v", []*big.Int{big.NewInt(1), nil, big.NewInt(-3)}))
	fmt.Println(fmt.Sprintf("%x", []*big.Int{big.NewInt(255), big.NewInt(4096)}))

	a := Account{"alice", big.NewInt(1000)}
	fmt.Println(a)
	fmt.Printf("%v\n%+v\n%d\n", a, a, a)
	fmt.Println(&a)
	fmt.Println([]Account{a, {"bob", nil}})

	l := Ledger{
		Accounts: []Account{a, {"carol", negHuge}},
		Totals:   map[string]*big.Int{"in": big.NewInt(5), "out": big.NewInt(-7)},
		Ratio:    big.NewRat(3, 4),
	}
	fmt.Printf("%v\n", l)
	fmt.Printf("%+v\n", l)
	fmt.Printf("%x\n", l.Totals)

	r := big.NewRat(-22, 7)
	fmt.Printf("%v %s [%10v] [%-10s] %v\n", r, r, r, r, new(big.Rat))
	fmt.Println(r, big.NewRat(6, 3), []*big.Rat{big.NewRat(1, 3)})
	fmt.Println(r.FloatString(5), r.RatString())

	// Arithmetic results printed with verbs.
	f := new(big.Int).MulRange(1, 30)
	fmt.Printf("30! = %d = %#x = %e\n", f, f, f)
	fmt.Printf("%40d|\n%-40d|\n%040d|\n", f, f, f)
	fmt.Println(fmt.Sprintf("%s", new(big.Int).Exp(big.NewInt(2), big.NewInt(100), nil)))
	e := fmt.Errorf("bad amount %d", big.NewInt(-5))
	fmt.Println(e)
}
