package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
)

func main() {
	inputs := []string{"", "-", "+", "0", "-0", "1", "1.5", ".5", "5.", ".", "1e10", "1E-10", "1p10", "0x1p-2", "0x1.8p1", "0X.8P+1",
		"0b101.1", "0o17", "0o1.4", "017", "1_000", "1__0", "_1", "1_", "0x_1", "1e1_0", "1e", "1e+", "1.5e-3x", "abc", "Inf", "-inf", "+Inf", "infinity",
		"1e9999999999", "1e99999999999999999999", "0.1", "3.14159265358979323846264338327950288419716939937510", "1e-400", "123456789012345678901234567890",
		"0x1.fffffffffffffp1023", "2.5e-324", "1e1000", "-1.7976931348623157e308", " 1", "1 ", "0x", "0b", "0b2", "1.2.3", "0.000000000000000000000000001",
		"1e-50", "7e22", "9007199254740993", "0x1e5", "1__0.5", "0_.5", "0._5", "0x1p", "1p-1074", "4.9e-324"}
	for _, s := range inputs {
		for _, base := range []int{0, 10, 16} {
			for _, prec := range []uint{0, 10, 53, 100} {
				f, b, err := big.ParseFloat(s, base, prec, big.ToNearestEven)
				if err != nil {
					fmt.Printf("%q %d %d: %v %d err=%v\n", s, base, prec, f, b, err)
					continue
				}
				fmt.Printf("%q %d %d: %v %s %d %v %d\n", s, base, prec, f, f.Text('p', 0), b, f.Acc(), f.Prec())
			}
		}
		z, ok := new(big.Float).SetString(s)
		fmt.Println(z, ok)
	}
	for _, m := range []big.RoundingMode{big.ToZero, big.AwayFromZero, big.ToNegativeInf} {
		f, _, err := big.ParseFloat("-0.3", 10, 20, m)
		fmt.Println(f.Text('p', 0), f.Acc(), err)
	}
	var x big.Float
	n, err := fmt.Sscan("  -12.5e3 rest", &x)
	fmt.Println(n, err, &x)
	n, err = fmt.Sscan("zz", &x)
	fmt.Println(n, err)
	var y big.Float
	fmt.Println(y.UnmarshalText([]byte("1.25")), &y, y.Prec())
	fmt.Println(y.UnmarshalText([]byte("1.2x5")))
	t, _ := big.NewFloat(0.1).MarshalText()
	fmt.Println(string(t))
	js, err := json.Marshal(map[string]*big.Float{"a": big.NewFloat(2.5)})
	fmt.Println(string(js), err)
	for _, v := range []*big.Float{big.NewFloat(0.1), new(big.Float), new(big.Float).SetInf(true), new(big.Float).SetPrec(200).SetInt64(-7), new(big.Float).SetPrec(1000).SetFloat64(1.0 / 3)} {
		g, err := v.GobEncode()
		fmt.Println(g, err)
		var w big.Float
		fmt.Println(w.GobDecode(g), &w, w.Prec(), w.Acc(), bytes.Equal(g, g))
		w2 := new(big.Float).SetPrec(8)
		fmt.Println(w2.GobDecode(g), w2, w2.Prec(), w2.Acc())
	}
	var w big.Float
	fmt.Println(w.GobDecode([]byte{1, 2}))
	fmt.Println(w.GobDecode([]byte{2, 2, 0, 0, 0, 0}))
	fmt.Println(w.GobDecode([]byte{1, 2, 0, 0, 0, 5}))
	fmt.Println(w.GobDecode([]byte{1, 2, 0, 0, 0, 5, 0, 0, 0, 1, 1}))
	var nilf *big.Float
	tt, _ := nilf.AppendText(nil)
	fmt.Println(string(tt))
}
