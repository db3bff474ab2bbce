// math/big.Float Text and fmt verbs over precisions, widths and flags.
package main

import (
	"fmt"
	"math"
	"math/big"
)

func main() {
	vals := []*big.Float{
		big.NewFloat(math.Pi), big.NewFloat(-math.Pi), new(big.Float), new(big.Float).Neg(new(big.Float)),
		big.NewFloat(1e-10), big.NewFloat(12345678), big.NewFloat(0.5), big.NewFloat(1.5), big.NewFloat(2.5),
		big.NewFloat(999.9996), big.NewFloat(1e21), big.NewFloat(100), big.NewFloat(0.000123),
		new(big.Float).SetPrec(5).SetFloat64(0.1), new(big.Float).SetPrec(200).SetFloat64(0.1),
		new(big.Float).SetPrec(1).SetInt64(1000), new(big.Float).SetInf(false), new(big.Float).SetInf(true),
		new(big.Float).SetMantExp(big.NewFloat(1), -1100), new(big.Float).SetMantExp(big.NewFloat(-3), 300),
	}
	for _, x := range vals {
		fmt.Println("--", x.String(), x.Prec())
		for _, fm := range []byte{'e', 'E', 'f', 'g', 'G', 'b', 'p', 'x', 'X', 'q'} {
			fmt.Print(string(fm))
			for _, p := range []int{-1, 0, 1, 2, 3, 6, 10, 25} {
				fmt.Print(" ", x.Text(fm, p))
			}
			fmt.Println()
		}
		fmt.Printf("%v|%10.3f|%-10.2e|%+g|% g|%08.3f|%x|%X|%s|%.4G|%F|%b|%.3x|%d\n", x, x, x, x, x, x, x, x, x, x, x, x, x, x)
		fmt.Printf("%12v|%-12v|%012v|%+v|% .2f|%+012.2e|%#v|%5.1g\n", x, x, x, x, x, x, x, x)
	}
	fmt.Println(vals[0], vals[1:4])
	fmt.Printf("%v %s\n", []*big.Float{vals[5], vals[6]}, fmt.Sprint(vals[7]))
	b := big.NewFloat(6.25).Append([]byte("x="), 'f', 3)
	fmt.Println(string(b))
	for _, s := range []string{"0.1", "0.2", "0.3", "1e23", "5e-324", "123456789.123456789", "1.00000000000000000001"} {
		for _, prec := range []uint{8, 24, 53, 64, 113} {
			f, _, _ := big.ParseFloat(s, 10, prec, big.ToNearestEven)
			fmt.Println(s, prec, f.Text('g', -1), f.Text('e', -1), f.Text('f', -1), f.Text('x', -1), f)
		}
	}
}
