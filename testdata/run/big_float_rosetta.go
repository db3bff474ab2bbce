package main

import (
	"fmt"
	"math/big"
)

func main() {
	const prec = 3400
	two := new(big.Float).SetPrec(prec).SetInt64(2)
	s := new(big.Float).SetPrec(prec).Sqrt(two)
	fmt.Println(s.Text('f', 1000))
	// e = sum 1/k!
	e := new(big.Float).SetPrec(prec).SetInt64(1)
	term := new(big.Float).SetPrec(prec).SetInt64(1)
	for k := 1; k < 500; k++ {
		term.Quo(term, new(big.Float).SetInt64(int64(k)))
		e.Add(e, term)
	}
	fmt.Println(e.Text('f', 1000))
	// pi by Gauss-Legendre
	a := new(big.Float).SetPrec(prec).SetInt64(1)
	b := new(big.Float).SetPrec(prec).Quo(a, s)
	t := new(big.Float).SetPrec(prec).SetFloat64(0.25)
	p := new(big.Float).SetPrec(prec).SetInt64(1)
	for i := 0; i < 12; i++ {
		an := new(big.Float).SetPrec(prec).Add(a, b)
		an.Quo(an, two)
		b.Mul(a, b)
		b.Sqrt(b)
		d := new(big.Float).SetPrec(prec).Sub(a, an)
		d.Mul(d, d)
		d.Mul(d, p)
		t.Sub(t, d)
		p.Add(p, p)
		a = an
	}
	pi := new(big.Float).SetPrec(prec).Add(a, b)
	pi.Mul(pi, pi)
	pi.Quo(pi, new(big.Float).Mul(t, big.NewFloat(4)))
	fmt.Println(pi.Text('g', 1000))
	fmt.Printf("%.50f\n%.30e\n", pi, e)
}
