package main

import (
	"fmt"
	"math/big"
)

type Word struct{ S string }

func (w *Word) Scan(st fmt.ScanState, verb rune) error {
	tok, err := st.Token(true, nil)
	wid, ok := st.Width()
	w.S = fmt.Sprintf("%s/%c/%d/%t", tok, verb, wid, ok)
	return err
}

func main() {
	z := new(big.Int)
	var x int
	var s string
	n, err := fmt.Sscanf("v=12345678901234567890 n=7", "v=%d n=%d", z, &x)
	fmt.Println(n, err, z, x)
	n, err = fmt.Sscanf("ff:10", "%x:%d", z, &x)
	fmt.Println(n, err, z, x)
	n, err = fmt.Sscanf("123456", "%3d%d", z, &x)
	fmt.Println(n, err, z, x)
	n, err = fmt.Sscanf("12 abc", "%d %s", z, &s)
	fmt.Println(n, err, z, s)
	var w Word
	n, err = fmt.Sscanf("hello world", "%5s %v", &w, &s)
	fmt.Println(n, err, w, s)
	r := new(big.Rat)
	n, err = fmt.Sscanf("1/3 9", "%v %d", r, &x)
	fmt.Println(n, err, r, x)
	n, err = fmt.Sscanf("1/3", "%d", r)
	fmt.Println(n, err)
	n, err = fmt.Sscanf("x12", "y%d", z)
	fmt.Println(n, err)
}
