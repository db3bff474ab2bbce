// big_pidigits: the first 10,000 digits of π by the unbounded spigot
// (Gibbons' algorithm, as the benchmarks game's pidigits) on big.Int,
// printed ten to a line with the running count.
package main

import (
	"fmt"
	"math/big"
)

func main() {
	const n = 10000
	var (
		tmp1  = big.NewInt(0)
		tmp2  = big.NewInt(0)
		numer = big.NewInt(1)
		accum = big.NewInt(0)
		denom = big.NewInt(1)
	)
	extract := func(nth int64) int64 {
		tmp1.Mul(numer, big.NewInt(nth))
		tmp2.Add(tmp1, accum)
		tmp1.Quo(tmp2, denom)
		return tmp1.Int64()
	}
	next := func(k int64) {
		k2 := k*2 + 1
		accum.Add(accum, tmp1.Lsh(numer, 1))
		accum.Mul(accum, big.NewInt(k2))
		denom.Mul(denom, big.NewInt(k2))
		numer.Mul(numer, big.NewInt(k))
	}
	eliminate := func(d int64) {
		accum.Sub(accum, tmp1.Mul(denom, big.NewInt(d)))
		accum.Mul(accum, big.NewInt(10))
		numer.Mul(numer, big.NewInt(10))
	}
	line := make([]byte, 0, 10)
	i := 0
	for k := int64(1); i < n; k++ {
		next(k)
		if numer.Cmp(accum) > 0 {
			continue
		}
		d := extract(3)
		if d != extract(4) {
			continue
		}
		line = append(line, byte('0'+d))
		i++
		if len(line) == 10 {
			fmt.Printf("%s\t:%d\n", line, i)
			line = line[:0]
		}
		eliminate(d)
	}
}
