package main

import (
	"bufio"
	"fmt"
	"io"
	"math/big"
	"strings"
)

type onlyReader struct{ r io.Reader }

func (o onlyReader) Read(p []byte) (int, error) { return o.r.Read(p) }

func main() {
	br := bufio.NewReader(strings.NewReader("3\n10 20 30\nhello 123456789012345678901234567890\n"))
	var n int
	fmt.Fscan(br, &n)
	sum := 0
	for i := 0; i < n; i++ {
		var x int
		fmt.Fscan(br, &x)
		sum += x
	}
	var w string
	z := new(big.Int)
	c, err := fmt.Fscan(br, &w, z)
	fmt.Println(n, sum, w, z, c, err)
	c, err = fmt.Fscan(br, &w)
	fmt.Println(c, err)

	r := strings.NewReader("a 1\nb 2\n\nc")
	for {
		var s string
		var v int
		c, err := fmt.Fscanln(r, &s, &v)
		fmt.Println(c, err, s, v)
		if err == io.EOF {
			break
		}
	}

	r2 := strings.NewReader("x=5,y=-7 ffff\n3/4")
	var x, y int
	q := new(big.Int)
	rat := new(big.Rat)
	c, err = fmt.Fscanf(r2, "x=%d,y=%d %x\n", &x, &y, q)
	fmt.Println(c, err, x, y, q)
	c, err = fmt.Fscanf(r2, "%v", rat)
	fmt.Println(c, err, rat)

	o := onlyReader{strings.NewReader("42 é 99999999999999999999")}
	var e string
	c, err = fmt.Fscan(o, &x, &e, z)
	fmt.Println(c, err, x, e, z)
}
