// Differential check of math/big.Int and Rat against Go on 3000 seeded
// random operand pairs (signs, 0 to 4 words): hashes of every result.
package main

import (
	"fmt"
	"math/big"
	"math/rand"
)

func rnd(r *rand.Rand) *big.Int {
	n := r.Intn(5)
	x := new(big.Int)
	for i := 0; i < n; i++ {
		x.Lsh(x, 64)
		x.Add(x, new(big.Int).SetUint64(r.Uint64()>>uint(r.Intn(64))))
	}
	if r.Intn(2) == 0 {
		x.Neg(x)
	}
	return x
}

func main() {
	r := rand.New(rand.NewSource(7))
	h := 0
	for i := 0; i < 3000; i++ {
		a, b := rnd(r), rnd(r)
		out := fmt.Sprint(new(big.Int).Add(a, b), new(big.Int).Sub(a, b), new(big.Int).Mul(a, b),
			new(big.Int).And(a, b), new(big.Int).Or(a, b), new(big.Int).Xor(a, b), new(big.Int).AndNot(a, b), new(big.Int).Not(a),
			new(big.Int).Rsh(a, uint(i%130)), new(big.Int).Lsh(a, uint(i%70)), a.Cmp(b), a.CmpAbs(b), a.Int64(), a.Uint64(), a.IsInt64(), a.IsUint64(), a.BitLen(), a.TrailingZeroBits(), a.Bit(i%200))
		f, acc := a.Float64()
		out += fmt.Sprint(f, acc, a.Text(2+i%61))
		if b.Sign() != 0 {
			for _, m := range []big.RoundingMode{big.Trunc, big.Floor, big.Round, big.Ceil} {
				q, rr := new(big.Int).Divide(a, b, new(big.Int), m)
				out += fmt.Sprint(q, rr)
			}
			q, m := new(big.Int).DivMod(a, b, new(big.Int))
			out += fmt.Sprint(q, m)
			x, y := new(big.Int), new(big.Int)
			out += fmt.Sprint(new(big.Int).GCD(x, y, a, b), x.Sign(), x.Int64(), y)
			out += fmt.Sprint(new(big.Int).Exp(a, big.NewInt(int64(i%50)), b))
			out += fmt.Sprint(new(big.Int).ModInverse(a, b))
			out += fmt.Sprint(new(big.Rat).SetFrac(a, b).FloatString(i % 30))
			fr, ex := new(big.Rat).SetFrac(a, b).Float64()
			out += fmt.Sprint(fr, ex)
		}
		for _, c := range out {
			h = h*31 + int(c)
		}
		if i%500 == 0 {
			fmt.Println(i, h)
		}
	}
	fmt.Println(h)
}
