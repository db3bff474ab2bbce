// big_factorial: 5000! by repeated big.Int multiplication, printed (its
// digit count and first and last digits); the arithmetic is native in
// minigo (num-bigint). Time it against a `go build` binary.
package main

import (
	"fmt"
	"math/big"
)

func main() {
	f := big.NewInt(1)
	for i := int64(2); i <= 5000; i++ {
		f.Mul(f, big.NewInt(i))
	}
	s := f.String()
	fmt.Println(len(s), s[:20], s[len(s)-20:])
	// the same by MulRange
	g := new(big.Int).MulRange(1, 5000)
	fmt.Println(f.Cmp(g) == 0)
}
