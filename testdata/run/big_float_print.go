// math/big.Float printed by fmt: nil pointers, inside structs and slices.
package main

import (
	"fmt"
	"math/big"
)

type S struct {
	F *big.Float
	N int
}

func main() {
	var f *big.Float
	fmt.Println(f)
	fmt.Printf("%v %.2f %s\n", f, f, f)
	fmt.Println(S{big.NewFloat(1.25), 3}, []*big.Float{nil, big.NewFloat(2)})
	fmt.Printf("%+v\n", S{big.NewFloat(-0.5), 1})
	fmt.Println(fmt.Sprint(big.NewFloat(1e100)), fmt.Sprintf("%6.2f|%-8.1e|", big.NewFloat(3.14159), big.NewFloat(31415.9)))
}
