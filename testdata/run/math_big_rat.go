package main

import (
	"fmt"
	"math/big"
)

func main() {
	var z big.Rat
	fmt.Println(&z, z.RatString(), z.FloatString(3), z.IsInt(), z.Num(), z.Denom(), z.Sign())
	a := big.NewRat(3, -4)
	b := big.NewRat(10, 6)
	fmt.Println(a, b, new(big.Rat).Add(a, b), new(big.Rat).Sub(a, b), new(big.Rat).Mul(a, b), new(big.Rat).Quo(a, b))
	fmt.Println(a.Cmp(b), b.Cmp(a), a.Cmp(a), new(big.Rat).Inv(a), new(big.Rat).Neg(a), new(big.Rat).Abs(a))
	for _, s := range []string{"3/4", "-6/8", "1.25", "1e3", "-1.5e-3", ".5", "5.", "0x1f", "3/0", "abc", "1/-2", "", "0b101/0x10", "12345678901234567890.0987654321", "1E-2"} {
		r, ok := new(big.Rat).SetString(s)
		fmt.Println(s, r, ok)
	}
	x := big.NewRat(2, 3)
	for _, p := range []int{0, 1, 2, 5, 20} {
		fmt.Print(x.FloatString(p), " ", new(big.Rat).Neg(x).FloatString(p), " ")
	}
	fmt.Println(big.NewRat(-1, 1000).FloatString(2), big.NewRat(1, 2).FloatString(0), big.NewRat(-1, 2).FloatString(0), big.NewRat(5, 1).FloatString(2))
	fmt.Println(x.Float64())
	fmt.Println(big.NewRat(1, 3).Float32())
	fmt.Println(big.NewRat(1, 4).Float64())
	r := new(big.Rat).SetFloat64(0.1)
	fmt.Println(r, r.FloatString(30))
	fmt.Println(new(big.Rat).SetFloat64(-1e300).Float64())
	fmt.Println(new(big.Rat).SetFloat64(5e-324).Float64())
	fmt.Println(new(big.Rat).SetFloat64(2.5), new(big.Rat).SetFloat64(1e10))
	h := new(big.Rat)
	for i := int64(1); i <= 30; i++ {
		h.Add(h, big.NewRat(1, i))
	}
	fmt.Println(h, h.FloatString(20))
	fmt.Println(h.Float64())
	fmt.Println(big.NewRat(1, 3).FloatPrec())
	fmt.Println(big.NewRat(3, 40).FloatPrec())
	t, _ := big.NewRat(3, 4).MarshalText()
	t2, _ := big.NewRat(3, 1).MarshalText()
	fmt.Println(string(t), string(t2))
	y := new(big.Rat).SetFrac(big.NewInt(10), big.NewInt(-4))
	y.Mul(y, y)
	fmt.Println(y, y.Num(), y.Denom())
	fmt.Println(new(big.Rat).SetInt(big.NewInt(7)), new(big.Rat).SetInt64(-3).IsInt())
	defer func() { fmt.Println("recovered:", recover()) }()
	new(big.Rat).Quo(a, &z)
}
