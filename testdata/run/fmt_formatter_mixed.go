package main

import (
	"errors"
	"fmt"
	"log"
	"math/big"
	"os"
	"strings"
)

type T struct{ A, B int }

func (t T) Format(f fmt.State, c rune) {
	switch c {
	case 'v':
		if f.Flag('#') {
			fmt.Fprintf(f, "T{%d,%d}", t.A, t.B)
			return
		}
		fmt.Fprintf(f, "(%d,%d)", t.A, t.B)
	default:
		fmt.Fprintf(f, "%"+string(c), t.A)
	}
}

func main() {
	log.SetFlags(0)
	log.SetOutput(os.Stdout)
	log.Printf("%d %x", big.NewInt(1000), big.NewInt(1000))
	log.Println(big.NewInt(-3), T{1, 2})
	fmt.Printf("%#v\n", struct {
		X any
		Y []T
		Z map[T]int
	}{T{1, 2}, []T{{3, 4}}, map[T]int{{5, 6}: 1}})
	var sb strings.Builder
	fmt.Fprintf(&sb, "%v|%d|%s", T{7, 8}, T{9, 10}, T{11, 12})
	fmt.Println(sb.String())
	e := fmt.Errorf("ctx: %w", errors.New("x"))
	fmt.Printf("%v %+v %s\n", e, e, fmt.Sprint(T{0, 0}))
	fmt.Printf("%v\n", [...]*big.Int{big.NewInt(1), nil})
	fmt.Printf("%08.3d|%+x|%#o\n", big.NewInt(-5), big.NewInt(-255), big.NewInt(8))
}
