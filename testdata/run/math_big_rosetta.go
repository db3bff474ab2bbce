// Rosetta-style programs on math/big: 1000!, 1000 digits of π by a
// spigot, Fibonacci(1000), Lucas–Lehmer, a harmonic sum, big powers.
package main

import (
	"fmt"
	"math/big"
)

func factorial(n int64) *big.Int {
	f := big.NewInt(1)
	for i := int64(2); i <= n; i++ {
		f.Mul(f, big.NewInt(i))
	}
	return f
}

func pi(n int) string {
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
	out := make([]byte, 0, n)
	for k := int64(1); len(out) < n; k++ {
		k2 := k*2 + 1
		accum.Add(accum, tmp1.Lsh(numer, 1))
		accum.Mul(accum, big.NewInt(k2))
		denom.Mul(denom, big.NewInt(k2))
		numer.Mul(numer, big.NewInt(k))
		if numer.Cmp(accum) > 0 {
			continue
		}
		d := extract(3)
		if d != extract(4) {
			continue
		}
		out = append(out, byte('0'+d))
		accum.Sub(accum, tmp1.Mul(denom, big.NewInt(d)))
		accum.Mul(accum, big.NewInt(10))
		numer.Mul(numer, big.NewInt(10))
	}
	return string(out)
}

func fib(n int) *big.Int {
	a, b := big.NewInt(0), big.NewInt(1)
	for i := 0; i < n; i++ {
		a.Add(a, b)
		a, b = b, a
	}
	return a
}

func lucasLehmer(p uint) bool {
	if p == 2 {
		return true
	}
	m := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), p), big.NewInt(1))
	s := big.NewInt(4)
	for i := uint(0); i < p-2; i++ {
		s.Mul(s, s)
		s.Sub(s, big.NewInt(2))
		s.Mod(s, m)
	}
	return s.Sign() == 0
}

func main() {
	f := factorial(1000)
	fmt.Println(f)
	fmt.Println(len(f.String()), f.TrailingZeroBits(), f.BitLen())
	fmt.Println(new(big.Int).MulRange(1, 1000).Cmp(f))
	p := pi(1000)
	for i := 0; i < len(p); i += 50 {
		fmt.Println(p[i : i+50])
	}
	fmt.Println(fib(1000))
	var mp []uint
	for p := uint(2); p < 700; p++ {
		if big.NewInt(int64(p)).ProbablyPrime(0) && lucasLehmer(p) {
			mp = append(mp, p)
		}
	}
	fmt.Println("Mersenne exponents:", mp)
	m521 := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 521), big.NewInt(1))
	fmt.Println(m521.ProbablyPrime(20), new(big.Int).Add(m521, big.NewInt(2)).ProbablyPrime(20))
	h := new(big.Rat)
	for i := int64(1); i <= 100; i++ {
		h.Add(h, big.NewRat(1, i))
	}
	fmt.Println(h.FloatString(40))
	fmt.Println(h.Num())
	fmt.Println(h.Denom())
	x := new(big.Int).Exp(big.NewInt(5), new(big.Int).Exp(big.NewInt(4), new(big.Int).Exp(big.NewInt(3), big.NewInt(2), nil), nil), nil)
	s := x.String()
	fmt.Println(len(s), s[:20], s[len(s)-20:])
	// sqrt(2) to 200 digits with Int.Sqrt
	two := new(big.Int).Mul(big.NewInt(2), new(big.Int).Exp(big.NewInt(10), big.NewInt(400), nil))
	r := new(big.Int).Sqrt(two).String()
	fmt.Println(r[:1] + "." + r[1:])
	fmt.Println(new(big.Int).Binomial(1000, 500).Text(36))
}
