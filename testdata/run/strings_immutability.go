package main

import (
	"fmt"
	"strings"
)

func main() {
	s := "hello"
	b := []byte(s)
	b[0] = 'J'
	fmt.Println(s, string(b))
	t := s
	t += " world"
	fmt.Println(s, t)
	sub := t[6:]
	fmt.Println(sub, len(sub))
	up := strings.ToUpper(s)
	fmt.Println(s, up)
	r := []rune("naïve")
	r[2] = 'i'
	fmt.Println(string(r), "naïve")
	parts := strings.Split("a/b/c", "/")
	parts[0] = "z"
	fmt.Println(parts, strings.Join(parts, "/"))
	bs := []byte("abc")
	s2 := string(bs)
	bs[0] = 'X'
	fmt.Println(s2, string(bs))
	var keys []string
	for i := 0; i < 3; i++ {
		keys = append(keys, fmt.Sprint("k", i))
	}
	fmt.Println(keys, strings.Contains(strings.Join(keys, ""), "k1k2"))
	fmt.Println(s[1:4] == "ell", s[len(s)-1:], s[:0] == "")
	fmt.Println(strings.Repeat(s[:1], 3) + s[1:])
	x := "a" + "b"
	y := "ab"
	fmt.Println(x == y, x < "abc", strings.Compare(x, y))
}
