package main

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
)

var seed uint64 = 88172645463325252

func rnd() uint64 {
	seed ^= seed << 13
	seed ^= seed >> 7
	seed ^= seed << 17
	return seed
}

func rfloat() *big.Float {
	prec := uint(rnd()%200 + 1)
	z := new(big.Float).SetPrec(prec).SetMode(big.RoundingMode(rnd() % 6))
	switch rnd() % 10 {
	case 0:
		return z.SetInt64(int64(rnd()%2000) - 1000)
	case 1:
		return z
	}
	var m big.Int
	m.SetUint64(rnd())
	m.Lsh(&m, uint(rnd()%100))
	m.Add(&m, new(big.Int).SetUint64(rnd()))
	if rnd()%2 == 0 {
		m.Neg(&m)
	}
	z.SetInt(&m)
	return z.SetMantExp(z, int(rnd()%400)-200)
}

func main() {
	fmts := []byte{'e', 'E', 'f', 'g', 'G', 'b', 'p', 'x'}
	for i := 0; i < 1200; i++ {
		x, y := rfloat(), rfloat()
		z := new(big.Float).SetPrec(uint(rnd()%150)).SetMode(big.RoundingMode(rnd() % 6))
		switch rnd() % 5 {
		case 0:
			z.Add(x, y)
		case 1:
			z.Sub(x, y)
		case 2:
			z.Mul(x, y)
		case 3:
			if y.Sign() != 0 {
				z.Quo(x, y)
			}
		case 4:
			z.Sqrt(new(big.Float).Abs(x))
		}
		fm := fmts[rnd()%uint64(len(fmts))]
		p := int(rnd()%40) - 1
		f64, a64 := z.Float64()
		f32, a32 := z.Float32()
		i64, ai := z.Int64()
		fmt.Println(i, z.Text('p', 0), z.Acc(), z.Text(fm, p), z.Text('g', -1), z.Text('e', -1), f64, a64, f32, a32, i64, ai, x.Cmp(y), z.IsInt())
		s := z.Text('g', int(rnd()%60)-1)
		pp := uint(rnd()%120 + 1)
		q, _, err := big.ParseFloat(s, 0, pp, big.RoundingMode(rnd()%6))
		if err == nil {
			fmt.Println(" ", s, q.Text('p', 0), q.Acc())
		} else {
			fmt.Println(" ", s, err)
		}
		v := math.Float64frombits(rnd())
		if !math.IsNaN(v) {
			w := new(big.Float).SetPrec(uint(rnd()%60 + 1)).SetMode(big.RoundingMode(rnd() % 6)).SetFloat64(v)
			fmt.Println(" ", strconv.FormatFloat(v, 'g', -1, 64), w, w.Acc(), w.Text('g', -1))
		}
	}
}
