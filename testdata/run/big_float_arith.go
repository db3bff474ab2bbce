// math/big.Float arithmetic: precisions, the six rounding modes and the
// accuracy of each result; special values, Cmp, conversions.
package main

import (
	"fmt"
	"math"
	"math/big"
)

var modes = []big.RoundingMode{big.ToNearestEven, big.ToNearestAway, big.ToZero, big.AwayFromZero, big.ToNegativeInf, big.ToPositiveInf}

func main() {
	vals := []float64{1, 1.5, 2.5, -2.5, 0.1, -0.1, 1.0 / 3, 123456.789, -7.75, 1e300, 5e-324}
	for _, prec := range []uint{1, 2, 3, 10, 24, 53} {
		for _, m := range modes {
			for _, v := range vals {
				x := new(big.Float).SetPrec(prec).SetMode(m).SetFloat64(v)
				f, acc := x.Float64()
				fmt.Println(prec, m, v, x, x.Acc(), f, acc, x.Text('b', 0), x.Text('p', 0))
			}
		}
	}
	a, b := big.NewFloat(1.5), big.NewFloat(3)
	tiny := big.NewFloat(1e-20)
	for _, prec := range []uint{0, 2, 4, 8, 30, 100} {
		for _, m := range modes {
			z := new(big.Float).SetPrec(prec).SetMode(m)
			z.Quo(a, b)
			fmt.Println("quo", prec, m, z, z.Acc(), z.Prec())
			z.Quo(b, a)
			fmt.Println("quo2", z, z.Acc())
			z.Quo(big.NewFloat(-2), b)
			fmt.Println("quo3", z.Text('g', 40), z.Acc())
			z.Add(a, tiny)
			fmt.Println("add", z.Text('g', 30), z.Acc())
			z.Sub(a, tiny)
			fmt.Println("sub", z.Text('g', 30), z.Acc())
			z.Sub(tiny, a)
			fmt.Println("sub2", z.Text('g', 30), z.Acc())
			z.Mul(a, big.NewFloat(1.1))
			fmt.Println("mul", z.Text('g', 30), z.Acc())
			z.Sqrt(b)
			fmt.Println("sqrt", z.Text('g', 40), z.Acc(), z.Mode())
		}
	}

	// zeros and infinities
	z := new(big.Float).SetMode(big.ToNegativeInf)
	z.Sub(a, a)
	fmt.Println(z, z.Signbit(), z.Sign())
	z = new(big.Float)
	z.Sub(a, a)
	fmt.Println(z, z.Signbit())
	negZero := new(big.Float).Neg(new(big.Float))
	fmt.Println(negZero, negZero.Signbit(), new(big.Float).Add(negZero, negZero), new(big.Float).Sub(negZero, new(big.Float)))
	inf, ninf := new(big.Float).SetInf(false), new(big.Float).SetInf(true)
	fmt.Println(inf, ninf, inf.IsInf(), inf.Sign(), ninf.Sign(), inf.Prec())
	fmt.Println(new(big.Float).Add(inf, a), new(big.Float).Sub(a, inf), new(big.Float).Mul(ninf, a), new(big.Float).Quo(a, inf), new(big.Float).Quo(a, new(big.Float)), new(big.Float).Quo(negZero, a))
	fmt.Println(new(big.Float).Sqrt(inf), new(big.Float).Sqrt(negZero).Signbit())
	all := []*big.Float{ninf, big.NewFloat(-2), negZero, new(big.Float), big.NewFloat(1e-300), a, b, inf}
	for _, x := range all {
		for _, y := range all {
			fmt.Print(x.Cmp(y), " ")
		}
		fmt.Println()
	}

	// precision changes
	x := new(big.Float).SetPrec(100).SetInt64(1)
	x.Quo(x, big.NewFloat(7))
	fmt.Println(x.Text('g', 35), x.Prec(), x.MinPrec())
	for _, p := range []uint{60, 20, 5, 1} {
		x.SetPrec(p)
		fmt.Println(p, x.Text('g', 35), x.Acc(), x.MinPrec())
	}
	x.SetPrec(0)
	fmt.Println(x, x.Acc(), x.Prec())
	fmt.Println(new(big.Float).SetPrec(200).SetMode(big.ToZero).Set(big.NewFloat(0.1)).Text('g', 70))
	y := new(big.Float).SetPrec(4).SetMode(big.AwayFromZero)
	y.Set(big.NewFloat(0.1))
	fmt.Println(y, y.Acc())
	c := new(big.Float).Copy(y)
	fmt.Println(c, c.Prec(), c.Mode(), c.Acc())

	// default precisions
	fmt.Println(new(big.Float).SetInt64(-5).Prec(), new(big.Float).SetUint64(1<<63).Prec(), new(big.Float).SetFloat64(2).Prec())
	bi, _ := new(big.Int).SetString("123456789012345678901234567890123", 10)
	fi := new(big.Float).SetInt(bi)
	fmt.Println(fi.Prec(), fi, fi.Text('f', 0))
	fr := new(big.Float).SetRat(big.NewRat(1, 3))
	fmt.Println(fr.Prec(), fr, fr.Acc(), new(big.Float).SetRat(big.NewRat(10, 2)))
	fmt.Println(new(big.Float).SetPrec(8).SetInt64(math.MinInt64), new(big.Float).SetInt64(math.MinInt64).Acc())

	// conversions
	for _, v := range []float64{-3.7, 3.7, 0.5, -0.5, 1e20, -1e20, 9.223372036854775807e18, -9.223372036854775808e18, 1.8446744073709552e19, 0} {
		f := big.NewFloat(v)
		i64, a1 := f.Int64()
		u64, a2 := f.Uint64()
		ii, a3 := f.Int(nil)
		r, a4 := f.Rat(nil)
		f32, a5 := f.Float32()
		fmt.Println(v, i64, a1, u64, a2, ii, a3, r, a4, f32, a5, f.IsInt())
	}
	ii, acc := inf.Int(nil)
	fmt.Println(ii == nil, acc)
	rr, acc := ninf.Rat(nil)
	fmt.Println(rr == nil, acc)
	fmt.Println(inf.Int64())
	fmt.Println(ninf.Uint64())
	fmt.Println(inf.Float64())
	fmt.Println(new(big.Float).SetMantExp(big.NewFloat(1), 2000).Float64())
	fmt.Println(new(big.Float).SetMantExp(big.NewFloat(-1), -2000).Float64())
	fmt.Println(new(big.Float).SetMantExp(big.NewFloat(1), -1074).Float64())
	fmt.Println(new(big.Float).SetMantExp(big.NewFloat(1.5), -1075).Float64())
	fmt.Println(new(big.Float).SetMantExp(big.NewFloat(1), -1075).Float64())
	fmt.Println(new(big.Float).SetMantExp(big.NewFloat(1), -149).Float32())
	fmt.Println(new(big.Float).SetMantExp(big.NewFloat(1), 200).Float32())
	fmt.Println(new(big.Float).SetPrec(200).SetMantExp(big.NewFloat(1.25), -1060).Float64())
	mant := new(big.Float)
	e := big.NewFloat(-12.5).MantExp(mant)
	fmt.Println(mant, e, new(big.Float).SetMantExp(mant, 10), big.NewFloat(12.5).MantExp(nil))
	fmt.Println(big.NewFloat(12.5).IsInt(), big.NewFloat(12).IsInt(), big.NewFloat(12.5).MinPrec(), new(big.Float).IsInt(), inf.IsInt())
	fmt.Println(new(big.Float).SetPrec(3).SetMantExp(big.NewFloat(1), 10).IsInt())
	r, _ := new(big.Float).SetPrec(300).SetMantExp(big.NewFloat(3), -100).Rat(nil)
	fmt.Println(r)
	fmt.Println(big.MaxExp, big.MinExp, uint64(big.MaxPrec))
	fmt.Println(new(big.Float).SetMantExp(big.NewFloat(1), big.MaxExp), new(big.Float).SetMantExp(big.NewFloat(0.5), big.MinExp).Acc())
	big2 := new(big.Float).SetMantExp(big.NewFloat(0.5), big.MaxExp)
	fmt.Println(new(big.Float).Mul(big2, big2), new(big.Float).Quo(big.NewFloat(1), big2).Text('p', 0), big2.Sign())
	for i := big.RoundingMode(0); i < 8; i++ {
		fmt.Print(i, " ")
	}
	fmt.Println(big.Accuracy(-1), big.Accuracy(0), big.Accuracy(1), big.Accuracy(5))
}
