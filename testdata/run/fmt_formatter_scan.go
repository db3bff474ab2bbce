package main

import (
	"fmt"
	"math/big"
)

type Pair struct{ A, B string }

func (p *Pair) Scan(st fmt.ScanState, verb rune) error {
	tok, err := st.Token(true, func(r rune) bool { return r != ',' && r != ' ' && r != '\n' })
	if err != nil {
		return err
	}
	p.A = string(tok)
	r, _, err := st.ReadRune()
	if err != nil || r != ',' {
		return fmt.Errorf("want comma, got %q %v", r, err)
	}
	tok, err = st.Token(false, nil)
	p.B = string(tok)
	return err
}

func main() {
	z := new(big.Int)
	n, err := fmt.Sscan("12345678901234567890", z)
	fmt.Println(n, err, z)
	var x int
	var w string
	y := new(big.Int)
	n, err = fmt.Sscan("  -0x1f 42\n 0b101 word", z, &x, y, &w)
	fmt.Println(n, err, z, x, y, w)
	for _, in := range []string{"", "abc", "+", "0x", "0777", "1_000", "0x_ff", "99z", "- 5"} {
		v := new(big.Int)
		n, err := fmt.Sscan(in, v)
		fmt.Printf("%q: %d %v %v\n", in, n, err, v)
	}
	r := new(big.Rat)
	n, err = fmt.Sscan("3/4", r)
	fmt.Println(n, err, r)
	n, err = fmt.Sscan("1.25e2 x", r, &w)
	fmt.Println(n, err, r, w)
	n, err = fmt.Sscan("1//2", r)
	fmt.Println(n, err)
	n, err = fmt.Sscan("2/3", r, &x)
	fmt.Println(n, err, r)
	var p Pair
	n, err = fmt.Sscan("foo,bar 7", &p, &x)
	fmt.Println(n, err, p, x)
	n, err = fmt.Sscanln("5 6\n7", z, y)
	fmt.Println(n, err, z, y)
	n, err = fmt.Sscanln("5\n6", z, y)
	fmt.Println(n, err, z, y)
	n, err = fmt.Sscan("1", z, y)
	fmt.Println(n, err, z, y)
}
