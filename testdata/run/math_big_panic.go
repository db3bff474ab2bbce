// math/big panics: recovered messages, then an uncaught division by zero.
package main

import (
	"fmt"
	"math/big"
)

func try(name string, f func()) {
	defer func() {
		fmt.Println(name, "->", recover())
	}()
	f()
}

func main() {
	z := new(big.Int)
	try("Quo", func() { z.Quo(big.NewInt(1), new(big.Int)) })
	try("Mod", func() { z.Mod(big.NewInt(1), big.NewInt(0)) })
	try("DivMod", func() { z.DivMod(big.NewInt(1), big.NewInt(0), new(big.Int)) })
	try("Sqrt", func() { z.Sqrt(big.NewInt(-4)) })
	try("Bit", func() { z.Bit(-1) })
	try("SetBit", func() { z.SetBit(z, -1, 1) })
	try("SetBit2", func() { z.SetBit(z, 1, 2) })
	try("Jacobi", func() { big.Jacobi(big.NewInt(3), big.NewInt(4)) })
	try("ProbablyPrime", func() { big.NewInt(7).ProbablyPrime(-1) })
	try("NewRat", func() { big.NewRat(1, 0) })
	try("Rat.Inv", func() { new(big.Rat).Inv(new(big.Rat)) })
	try("Rat.Quo", func() { new(big.Rat).Quo(big.NewRat(1, 2), new(big.Rat)) })
	try("FillBytes", func() { big.NewInt(70000).FillBytes(make([]byte, 2)) })
	try("nil", func() {
		var p *big.Int
		p.Add(p, p)
	})
	fmt.Println(new(big.Int).Exp(big.NewInt(2), big.NewInt(-1), big.NewInt(4)) == nil)
	z.Rem(big.NewInt(5), big.NewInt(0))
}
