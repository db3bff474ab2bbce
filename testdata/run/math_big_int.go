package main

import (
	"fmt"
	"math/big"
	"math/rand"
)

func main() {
	a, _ := new(big.Int).SetString("123456789012345678901234567890", 10)
	b := big.NewInt(-987654321)
	var z big.Int
	fmt.Println(z.String(), z.Sign(), &z)
	fmt.Println(new(big.Int).Add(a, b), new(big.Int).Sub(a, b), new(big.Int).Mul(a, b))
	for _, p := range [][2]int64{{7, 2}, {-7, 2}, {7, -2}, {-7, -2}, {6, 4}, {-6, 4}, {5, 2}, {-5, 2}} {
		x, y := big.NewInt(p[0]), big.NewInt(p[1])
		q, r := new(big.Int).QuoRem(x, y, new(big.Int))
		d, m := new(big.Int).DivMod(x, y, new(big.Int))
		fmt.Println(p, q, r, d, m)
		for _, mode := range []big.RoundingMode{big.Trunc, big.Floor, big.Round, big.Ceil} {
			q2, r2 := new(big.Int).Divide(x, y, new(big.Int), mode)
			fmt.Print(" ", mode, q2, r2)
		}
		fmt.Println()
	}
	fmt.Println(new(big.Int).Quo(a, b), new(big.Int).Rem(a, b), new(big.Int).Div(a, b), new(big.Int).Mod(a, b))
	z.Set(a)
	z.Mul(&z, &z)
	z.Mul(&z, &z)
	fmt.Println(&z, z.BitLen(), z.TrailingZeroBits())
	fmt.Println(a.Cmp(b), b.Cmp(a), a.Cmp(a), a.CmpAbs(b), big.NewInt(-5).CmpAbs(big.NewInt(5)))
	fmt.Println(new(big.Int).Exp(big.NewInt(2), big.NewInt(100), nil))
	fmt.Println(new(big.Int).Exp(big.NewInt(-3), big.NewInt(101), nil))
	fmt.Println(new(big.Int).Exp(big.NewInt(-3), big.NewInt(101), big.NewInt(1000)))
	fmt.Println(new(big.Int).Exp(big.NewInt(3), big.NewInt(-1), big.NewInt(7)))
	fmt.Println(new(big.Int).Exp(big.NewInt(2), big.NewInt(-1), big.NewInt(4)))
	fmt.Println(new(big.Int).Exp(big.NewInt(3), big.NewInt(-2), nil), new(big.Int).Exp(big.NewInt(3), big.NewInt(0), big.NewInt(1)))
	for _, p := range [][2]int64{{12, 18}, {-12, 18}, {12, -18}, {-12, -18}, {0, 5}, {5, 0}, {0, -5}, {-5, 0}, {0, 0}, {240, 46}, {17, 17}, {1, 1}} {
		x, y := new(big.Int), new(big.Int)
		d := new(big.Int).GCD(x, y, big.NewInt(p[0]), big.NewInt(p[1]))
		fmt.Println("gcd", p, d, x, y, new(big.Int).GCD(nil, nil, big.NewInt(p[0]), big.NewInt(p[1])))
	}
	big1, _ := new(big.Int).SetString("987654321987654321987654321987654321", 10)
	x, y := new(big.Int), new(big.Int)
	fmt.Println(new(big.Int).GCD(x, y, a, big1), x, y)
	fmt.Println(new(big.Int).ModInverse(big.NewInt(3), big.NewInt(11)), new(big.Int).ModInverse(big.NewInt(-3), big.NewInt(11)), new(big.Int).ModInverse(big.NewInt(4), big.NewInt(8)) == nil)
	fmt.Println(new(big.Int).ModSqrt(big.NewInt(10), big.NewInt(13)), new(big.Int).ModSqrt(big.NewInt(2), big.NewInt(7)), new(big.Int).ModSqrt(big.NewInt(4), big.NewInt(17)), new(big.Int).ModSqrt(big.NewInt(5), big.NewInt(41)))
	fmt.Println(new(big.Int).Sqrt(a), new(big.Int).Sqrt(big.NewInt(0)))
	fmt.Println(new(big.Int).Lsh(b, 70), new(big.Int).Rsh(b, 3), new(big.Int).Rsh(big.NewInt(-1), 10), new(big.Int).Rsh(big.NewInt(-8), 3), new(big.Int).Rsh(big.NewInt(-9), 3))
	m1, m2 := big.NewInt(-12345), big.NewInt(6789)
	fmt.Println(new(big.Int).And(m1, m2), new(big.Int).Or(m1, m2), new(big.Int).Xor(m1, m2), new(big.Int).Not(m1), new(big.Int).AndNot(m1, m2), new(big.Int).AndNot(m2, m1))
	fmt.Println(new(big.Int).And(a, b), new(big.Int).Or(a, b), new(big.Int).Xor(a, b), new(big.Int).Not(a))
	fmt.Println(b.Bit(0), b.Bit(100), a.Bit(3), new(big.Int).SetBit(a, 200, 1), new(big.Int).SetBit(b, 0, 1), new(big.Int).SetBit(b, 100, 0))
	fmt.Println(a.Int64(), a.Uint64(), b.Int64(), b.Uint64(), a.IsInt64(), b.IsInt64(), b.IsUint64(), big.NewInt(5).IsUint64())
	fmt.Println(a.Float64())
	fmt.Println(b.Float64())
	fmt.Println(new(big.Int).Lsh(big.NewInt(1), 2000).Float64())
	for _, s := range []string{"0x1f", "-0b101", "0o17", "017", "1_000", "_1", "1__0", "0x_1f", "", "+12", "-", "zz", "Zz"} {
		v, ok := new(big.Int).SetString(s, 0)
		fmt.Println(s, v, ok)
	}
	v, ok := new(big.Int).SetString("zz", 36)
	fmt.Println(v, ok)
	v, ok = new(big.Int).SetString("Zz", 62)
	fmt.Println(v, ok, v.Text(62), v.Text(36), a.Text(2), b.Text(16), a.Text(62))
	fmt.Println(a.Bytes(), b.Bytes(), new(big.Int).SetBytes([]byte{1, 0, 0}), big.NewInt(258).FillBytes(make([]byte, 4)))
	fmt.Println(len(a.Bits()), new(big.Int).SetBits([]big.Word{1, 1}))
	for _, n := range []int64{0, 1, 2, 3, 4, 97, 561, 7919, 1000000007} {
		fmt.Print(big.NewInt(n).ProbablyPrime(20), " ")
	}
	m127 := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 127), big.NewInt(1))
	fmt.Println(m127.ProbablyPrime(10), new(big.Int).Add(m127, big.NewInt(2)).ProbablyPrime(10))
	fmt.Println(new(big.Int).Binomial(100, 50), new(big.Int).MulRange(1, 30), new(big.Int).MulRange(-3, 3), new(big.Int).MulRange(5, 4), new(big.Int).Binomial(5, 7))
	fmt.Println(big.Jacobi(big.NewInt(2), big.NewInt(15)), big.Jacobi(big.NewInt(7), big.NewInt(15)), big.Jacobi(big.NewInt(-3), big.NewInt(11)), big.Jacobi(big.NewInt(5), big.NewInt(-21)))
	r := rand.New(rand.NewSource(42))
	fmt.Println(new(big.Int).Rand(r, a), new(big.Int).Rand(r, big.NewInt(1000)))
	j, _ := a.MarshalJSON()
	t, _ := b.MarshalText()
	fmt.Println(string(j), string(t))
	var u big.Int
	fmt.Println(u.UnmarshalJSON([]byte("12345678901234567890123")), &u, u.UnmarshalText([]byte("x1")))
	fmt.Println(new(big.Int).Neg(a), new(big.Int).Abs(b), a.Append([]byte("n="), 10))
	var np *big.Int
	fmt.Println(np.String())
	g, _ := a.GobEncode()
	var g2 big.Int
	g2.GobDecode(g)
	fmt.Println(g, &g2)
}
