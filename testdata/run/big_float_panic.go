// math/big.Float panics with ErrNaN: recovered, then one uncaught.
package main

import (
	"fmt"
	"math"
	"math/big"
)

func try(name string, f func()) {
	defer func() {
		r := recover()
		e, ok := r.(big.ErrNaN)
		fmt.Println(name, "->", r, ok, e.Error())
	}()
	f()
}

func main() {
	inf, ninf, zero := new(big.Float).SetInf(false), new(big.Float).SetInf(true), new(big.Float)
	z := new(big.Float)
	try("NewFloat", func() { big.NewFloat(math.NaN()) })
	try("SetFloat64", func() { z.SetFloat64(math.NaN()) })
	try("Add", func() { z.Add(inf, ninf) })
	try("Sub", func() { z.Sub(inf, inf) })
	try("Mul", func() { z.Mul(zero, ninf) })
	try("Quo", func() { z.Quo(zero, zero) })
	try("Quo2", func() { z.Quo(inf, ninf) })
	try("Sqrt", func() { z.Sqrt(big.NewFloat(-2)) })
	try("Parse base", func() { z.Parse("1", 3) })
	fmt.Println(z, z.Acc())
	z.Sqrt(ninf)
}
