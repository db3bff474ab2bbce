package main

import (
	"bufio"
	"fmt"
	"strings"
)

func main() {
	inputs := []string{"a\xffb", "héllo", "\xe2\x82", "x\xe2\x82", "\xf0\x9f\x98\x80z", "\xc0\x80", "\xed\xa0\x80", ""}
	for _, in := range inputs {
		sc := bufio.NewScanner(strings.NewReader(in))
		sc.Split(bufio.ScanRunes)
		var toks []string
		for sc.Scan() {
			toks = append(toks, fmt.Sprintf("%q", sc.Text()))
		}
		fmt.Println(len(toks), toks, sc.Err())
	}
	// Direct calls of the split function.
	for _, in := range []string{"\xff", "\xe2\x82", "\xe2\x82\xac"} {
		for _, eof := range []bool{false, true} {
			adv, tok, err := bufio.ScanRunes([]byte(in), eof)
			fmt.Printf("%q eof=%v -> %d %q %v\n", in, eof, adv, tok, err)
		}
	}
	// ReadRune on invalid input.
	r := bufio.NewReader(strings.NewReader("a\xff\xe2\x82\xacz\xe2\x82"))
	for {
		c, size, err := r.ReadRune()
		if err != nil {
			fmt.Println("err", err)
			break
		}
		fmt.Printf("%q %d\n", c, size)
	}
	r = bufio.NewReader(strings.NewReader("\xff"))
	c, size, _ := r.ReadRune()
	fmt.Println(c, size, r.UnreadRune())
	b, _ := r.ReadByte()
	fmt.Println(b)
	// ScanWords with invalid bytes and unicode spaces.
	sc := bufio.NewScanner(strings.NewReader("a\xff\u00a0b\u2003c \xe2\x80"))
	sc.Split(bufio.ScanWords)
	for sc.Scan() {
		fmt.Printf("%q\n", sc.Text())
	}
}
