// math/big.Float through fmt's scanning (Float.Scan), and zero values.
package main

import (
	"fmt"
	"math/big"
)

func main() {
	var x, y big.Float
	n, err := fmt.Sscanf("1.5 0x1p4", "%g %v", &x, &y)
	fmt.Println(n, err, &x, &y)
	n, err = fmt.Sscan("-Inf", &x)
	fmt.Println(n, err, &x)
	n, err = fmt.Sscan("1_000.5", &x)
	fmt.Println(n, err, &x)
	n, err = fmt.Sscan("", &x)
	fmt.Println(n, err, &x)
	n, err = fmt.Sscan("1e", &x)
	fmt.Println(n, err, &x)
	n, err = fmt.Sscan("1.5é", &x)
	fmt.Println(n, err, &x)
	z := new(big.Float).SetPrec(10)
	fmt.Sscan("3.14159", z)
	fmt.Println(z, z.Prec(), z.Acc())
	var f big.Float
	fmt.Println(f.String(), f.Prec(), f.Mode(), f.Acc(), f.MinPrec(), f.Sign())
	fmt.Println(new(big.Float).Sqrt(big.NewFloat(0.0001)), new(big.Float).SetPrec(1000).Sqrt(big.NewFloat(2)).Text('g', 50))
}
